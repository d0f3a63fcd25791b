package world

import "testing"

// A note the view wrote about the window ("no room for the side panel …
// in a 330 px wide window") is taken back, or said again as it is now,
// where it stands: the whole message, its last "; " part, or a note held
// behind an error. Another message, and an error, are left alone.
func TestReplaceNoteTakesBackOrRewordsANote(t *testing.T) {
	w, _ := openWorld(t, 8, 8, AlgoAStar)
	const old, now = "no room in a 330 px window", "no room in a 400 px window"

	w.Note("%s", old)
	seq := w.MessageSeq
	w.ReplaceNote(old, now)
	if w.Message != now || w.MessageSeq != seq {
		t.Errorf("reworded: message %q (seq %d), want %q on the same clock (seq %d)", w.Message, w.MessageSeq, now, seq)
	}
	w.ReplaceNote(now, "")
	if w.Message != "" {
		t.Errorf("taken back: message %q, want none", w.Message)
	}
	w.MessageGone(w.MessageSeq) // what the view then reports: nothing comes in its place
	if w.Message != "" {
		t.Errorf("after gone: message %q", w.Message)
	}

	w.Note("interface scale 175%%; %s", old)
	w.ReplaceNote(old, "")
	if w.Message != "interface scale 175%" {
		t.Errorf("the note after a lead taken back: %q, want the lead alone", w.Message)
	}

	w.Note("speed 200 events/s")
	w.ReplaceNote(old, "")
	if w.Message != "speed 200 events/s" {
		t.Errorf("another message: %q, changed", w.Message)
	}

	// Held behind an error: the error stays; the held note, reworded,
	// shows when the error goes, and taken back, nothing does.
	w.Fail("cell (3,3) is blocked")
	w.NoteAfterError("%s", old)
	w.ReplaceNote(old, now)
	if w.Message != "cell (3,3) is blocked" || !w.MessageErr {
		t.Errorf("an error on screen: message %q", w.Message)
	}
	w.MessageGone(w.MessageSeq)
	if w.Message != now {
		t.Errorf("the held note reworded, shown after the error: %q, want %q", w.Message, now)
	}
	w.Fail("cell (4,4) is blocked")
	w.NoteAfterError("%s", old)
	w.ReplaceNote(old, "")
	w.MessageGone(w.MessageSeq)
	if w.Message != "cell (4,4) is blocked" {
		t.Errorf("the held note taken back: after the error, message %q", w.Message)
	}
}
