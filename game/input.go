package game

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Action is a named thing the user can do. Tools and the game ask about
// actions, never about raw keys; the help screen is generated from the same
// table, so it cannot go stale.
type Action int

// Mods is a set of modifier keys a binding requires.
type Mods uint8

const (
	ModShift Mods = 1 << iota
	ModCtrl
)

// Binding ties an action to its keys and describes it for the help screen.
type Binding struct {
	Action Action
	Group  string // help section
	Keys   []ebiten.Key
	Mods   Mods // modifiers that must be held (others must not)
	Label  string
	Help   string
	// Fold shows the binding on the help row of the binding before it
	// (the same action the other way, as Shift+F4 of F4): its keys and
	// help follow that row's text ("…; Shift+F4: back"), and the key
	// column keeps the first binding's keys, so it stays narrow and the
	// help screen within one 1280×800 window.
	Fold bool
}

// Input polls the keyboard once per Update and answers questions about
// actions.
type Input struct {
	table []Binding
	// typed is text typed this frame (for '?' on layouts where it is not
	// a plain key).
	typed []rune
}

// NewInput returns an Input for table.
func NewInput(table []Binding) *Input { return &Input{table: table} }

// keyDuration and keyPressed read the keyboard (inpututil's frames held,
// Ebiten's state); tests replace them to press keys without a window.
// Every read of the keyboard, the pointer, its buttons and the wheel goes
// through these, so a test can drive every input of the window.
var (
	keyDuration = inpututil.KeyPressDuration
	keyPressed  = ebiten.IsKeyPressed
	keyReleased = inpututil.IsKeyJustReleased
	// cursorPosition reads the pointer (readMouse); tests replace it to
	// point without a window.
	cursorPosition = ebiten.CursorPosition
	// mouseDuration is how many frames a button has been held (0: up).
	mouseDuration = inpututil.MouseButtonPressDuration
	wheel         = ebiten.Wheel
	// appendChars appends the characters typed this frame (Poll).
	appendChars = ebiten.AppendInputChars
)

// keyJust reports whether k went down this frame.
func keyJust(k ebiten.Key) bool { return keyDuration(k) == 1 }

// mouseDown reports whether button b is held; mouseJust, whether it went
// down this frame.
func mouseDown(b ebiten.MouseButton) bool { return mouseDuration(b) > 0 }
func mouseJust(b ebiten.MouseButton) bool { return mouseDuration(b) == 1 }

// Poll reads this frame's typed characters.
func (in *Input) Poll() {
	in.typed = appendChars(in.typed[:0])
}

func currentMods() Mods {
	var m Mods
	if keyPressed(ebiten.KeyShift) {
		m |= ModShift
	}
	if keyPressed(ebiten.KeyControl) || keyPressed(ebiten.KeyMeta) {
		m |= ModCtrl
	}
	return m
}

// JustPressed reports whether a key of action a went down this frame with
// exactly the binding's modifiers held.
func (in *Input) JustPressed(a Action) bool {
	mods := currentMods()
	for i := range in.table {
		b := &in.table[i]
		if b.Action != a || b.Mods != mods&^ignoredMods(b) {
			continue
		}
		for _, k := range b.Keys {
			if keyDuration(k) == 1 {
				return true
			}
		}
	}
	return false
}

// ignoredMods returns the modifiers that do not matter for b: Shift for a
// binding whose key is '?' or '/' (a shifted key on most layouts).
func ignoredMods(b *Binding) Mods {
	for _, k := range b.Keys {
		if k == ebiten.KeySlash {
			return ModShift
		}
	}
	return 0
}

// Repeating reports whether action a fired this frame, with key repeat
// after holding: for stepping through a search.
func (in *Input) Repeating(a Action) bool {
	mods := currentMods()
	for i := range in.table {
		b := &in.table[i]
		if b.Action != a || b.Mods != mods {
			continue
		}
		for _, k := range b.Keys {
			d := keyDuration(k)
			if d == 1 || (d > 18 && d%3 == 0) {
				return true
			}
		}
	}
	return false
}

// KeyText returns how the keys of b are written in the help screen.
func KeyText(b *Binding) string {
	var parts []string
	for _, k := range b.Keys {
		parts = append(parts, keyName(k))
	}
	s := strings.Join(parts, " / ")
	if b.Mods&ModShift != 0 {
		s = "Shift+" + s
	}
	if b.Mods&ModCtrl != 0 {
		s = "Ctrl+" + s
	}
	return s
}

func keyName(k ebiten.Key) string {
	switch k {
	case ebiten.KeySlash:
		return "?"
	case ebiten.KeyArrowRight:
		return "→"
	case ebiten.KeyArrowLeft:
		return "←"
	case ebiten.KeyArrowUp:
		return "↑"
	case ebiten.KeyArrowDown:
		return "↓"
	case ebiten.KeyBracketLeft:
		return "["
	case ebiten.KeyBracketRight:
		return "]"
	case ebiten.KeyComma:
		return ","
	case ebiten.KeyPeriod:
		return "."
	case ebiten.KeyMinus:
		return "-"
	case ebiten.KeyEqual:
		return "="
	case ebiten.KeyNumpadAdd:
		return "Num+"
	case ebiten.KeyNumpadSubtract:
		return "Num-"
	case ebiten.KeyEscape:
		return "Esc"
	case ebiten.KeyPageDown:
		return "PgDn"
	case ebiten.KeyPageUp:
		return "PgUp"
	}
	s := k.String()
	s = strings.TrimPrefix(s, "Digit")
	return s
}
