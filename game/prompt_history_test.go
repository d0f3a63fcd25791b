package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// ↑ and ↓ recall what Enter carried out in earlier prompts of the same
// kind, newest first, and give back the text being typed past the newest;
// a refused entry is not kept, nor one of another kind of prompt.
func TestPromptHistory(t *testing.T) {
	wd, err := world.Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	g := drawnOn(t, wd, 1200, 760)
	if len(wd.Queries) < 2 {
		t.Fatalf("textbook-groups has %d queries; the test needs two", len(wd.Queries))
	}
	var held heldKeys
	fakeKeys(t, &held)
	key := func(k ebiten.Key) string {
		held = heldKeys{k: 1}
		g.updatePrompt()
		held = heldKeys{}
		return string(g.prompt.text)
	}
	for _, s := range []string{"2", "1", "2"} {
		typeInto(g, promptGoto, s)
		g.submitPrompt()
		if g.prompt != nil {
			t.Fatalf("go to %s refused: %s", s, g.prompt.note)
		}
	}
	typeInto(g, promptGoto, "99") // refused: stays open, not kept
	g.submitPrompt()
	if g.prompt == nil {
		t.Fatal("go to 99 was carried out")
	}
	g.closePrompt()

	typeInto(g, promptGoto, "3,4")
	g.prompt.cur = len(g.prompt.text)
	for i, want := range []string{"2", "1", "1"} { // "2" twice is one entry, the newest
		if got := key(ebiten.KeyArrowUp); got != want {
			t.Fatalf("↑ %d: %q, want %q", i+1, got, want)
		}
	}
	if g.prompt.cur != len(g.prompt.text) {
		t.Errorf("caret at %d after a recall, want the end (%d)", g.prompt.cur, len(g.prompt.text))
	}
	for i, want := range []string{"2", "3,4", "3,4"} {
		if got := key(ebiten.KeyArrowDown); got != want {
			t.Fatalf("↓ %d: %q, want %q", i+1, got, want)
		}
	}
	key(ebiten.KeyArrowUp)
	g.submitPrompt() // a recalled entry is carried out like a typed one
	if g.prompt != nil || g.query != 1 {
		t.Fatalf("Enter on the recalled 2: prompt %v, query %d", g.prompt, g.query+1)
	}

	g.openPrompt(promptOpen) // open keeps its own history: none yet
	before := string(g.prompt.text)
	if got := key(ebiten.KeyArrowUp); got != before {
		t.Errorf("↑ in the open prompt with no history: %q, want %q as it opened", got, before)
	}
}
