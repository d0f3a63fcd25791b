package world

import (
	"testing"

	"pathlens/assets"
)

// The window opens at a query's end. A lecturer's first → (and . and
// Shift+.) there moved nothing and said nothing, as if the key were dead;
// likewise ← at the start. The step says where the cursor is and which
// key moves it; a step that moves says nothing, and an error on screen is
// not replaced.
func TestStepAtAnEndSaysSo(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.Wait()
	if !w.Timeline.AtEnd() || w.Timeline.Len() == 0 {
		t.Fatalf("the query does not open at its end (%d of %d)", w.Timeline.Cursor(), w.Timeline.Len())
	}
	for name, step := range map[string]func(){
		"→": func() { w.StepBy(1) }, "Shift+→": func() { w.StepBy(100) },
		".": w.NextPhase, "Shift+.": w.NextStage,
	} {
		w.Message = ""
		w.SeekEnd()
		step()
		if w.Message != NoteAtEnd {
			t.Errorf("%s at the end: message %q, want %q", name, w.Message, NoteAtEnd)
		}
	}
	for name, step := range map[string]func(){
		"←": func() { w.StepBy(-1) }, ",": w.PrevPhase, "Shift+,": w.PrevStage,
	} {
		w.Message = ""
		w.SeekStart()
		step()
		if w.Message != NoteAtStart {
			t.Errorf("%s at the start: message %q, want %q", name, w.Message, NoteAtStart)
		}
	}
	// A step that moves says nothing of the kind.
	w.Message = ""
	w.SeekStart()
	w.StepBy(1)
	w.NextStage()
	w.StepBy(-1)
	if w.Message == NoteAtEnd || w.Message == NoteAtStart {
		t.Errorf("a step that moved noted %q", w.Message)
	}
	// A held key repeats the step: the note is not made again while shown.
	w.SeekEnd()
	w.StepBy(1)
	seq := w.MessageSeq
	w.StepBy(1)
	if w.MessageSeq != seq {
		t.Error("a repeated step at the end made the note again")
	}
	// An error on screen stays.
	w.Fail("some error")
	w.StepBy(1)
	if w.Message != "some error" {
		t.Errorf("the note replaced an error on screen: %q", w.Message)
	}
}

// ↑ at 100,000 events/s (and ↓ at 1) changed nothing and said nothing;
// the cluster size and levels keys name their limits, and so does speed.
func TestSpeedLimitSaysSo(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.Wait()
	for range 30 {
		w.Faster()
	}
	if w.Play.Speed != MaxSpeed || w.Message != "playback speed 100,000 events/s is the most (1 to 100,000)" {
		t.Errorf("↑ at the top: speed %v, message %q", w.Play.Speed, w.Message)
	}
	w.Message = ""
	w.Slower()
	if w.Play.Speed >= MaxSpeed || w.Message != "" {
		t.Errorf("↓ from the top: speed %v, message %q", w.Play.Speed, w.Message)
	}
	for range 30 {
		w.Slower()
	}
	if w.Play.Speed != MinSpeed || w.Message != "playback speed 1 event/s is the least (1 to 100,000)" {
		t.Errorf("↓ at the bottom: speed %v, message %q", w.Play.Speed, w.Message)
	}
}
