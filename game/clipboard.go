package game

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Ebiten has no clipboard, so Ctrl+V in the prompt asks the system's own
// tool for the clipboard's text: pbpaste on macOS, PowerShell's
// Get-Clipboard on Windows, else wl-paste under Wayland and xclip or xsel
// under X11 (each tried in turn while one is missing or fails). The tool
// runs off the frame (pasteText is called on its own goroutine) and is
// given pasteTimeout: a clipboard owner that never answers costs a note,
// not a frozen window.

// pasteTimeout bounds one read of the clipboard (a variable for tests).
var pasteTimeout = 2 * time.Second

// maxPasteBytes bounds what a paste reads: the prompt holds a path or a few
// numbers, and a clipboard holding a whole file must not stall it.
const maxPasteBytes = 64 << 10

// pasteCommands are the tools to try, in order, on this system: under
// Wayland (WAYLAND_DISPLAY set) wl-paste first, then the X11 tools, which
// read XWayland's clipboard; under X11 alone only the X11 tools.
func pasteCommands() [][]string {
	switch runtime.GOOS {
	case "darwin":
		return [][]string{{"pbpaste"}}
	case "windows":
		return [][]string{{"powershell", "-NoProfile", "-Command", "Get-Clipboard -Raw"}}
	}
	x11 := [][]string{{"xclip", "-o", "-selection", "clipboard"}, {"xsel", "--clipboard", "--output"}}
	if getenv("WAYLAND_DISPLAY") != "" {
		return append([][]string{{"wl-paste", "--no-newline"}}, x11...)
	}
	return x11
}

// errNoPasteTool says which tools a paste looked for.
var errNoPasteTool = errors.New("paste needs one of wl-paste, xclip or xsel on PATH (Ebiten reads no clipboard itself)")

// errEmptyClipboard is a clipboard with no text in it.
var errEmptyClipboard = errors.New("the clipboard holds no text")

// getenv, lookPath and runPaste are os.Getenv, exec.LookPath and a
// clipboard tool's run, as variables so tests can stand in for the system.
// runPaste returns the tool's output and its standard error's text.
var (
	getenv   = os.Getenv
	lookPath = exec.LookPath
	runPaste = func(ctx context.Context, argv []string) (out []byte, stderr string, err error) {
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		var o, e bytes.Buffer
		cmd.Stdout = &limitWriter{w: &o, n: maxPasteBytes}
		cmd.Stderr = &limitWriter{w: &e, n: 4096}
		// Killed at the deadline, the tool may leave a child holding its
		// output open: Run would wait for it (a review saw 8 s for 2).
		cmd.WaitDelay = 100 * time.Millisecond
		err = cmd.Run()
		return o.Bytes(), e.String(), err
	}
)

// emptyWords are what the clipboard tools say on standard error when the
// clipboard holds nothing they can paste (xclip "Error: target STRING not
// available", wl-paste "Nothing is copied", "No selection").
var emptyWords = []string{"not available", "nothing is copied", "no selection", "no suitable type"}

// pasteText reads the clipboard's text with the first tool that works; a
// line break ends it (the prompt is one line; a path copied from a
// terminal often ends in one).
func pasteText() (string, error) {
	var failed error
	for _, argv := range pasteCommands() {
		if _, err := lookPath(argv[0]); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), pasteTimeout)
		out, stderr, err := runPaste(ctx, argv)
		late := ctx.Err() != nil
		cancel()
		msg := strings.TrimSpace(stderr)
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		switch {
		case late:
			failed = errors.New(argv[0] + " gave no clipboard within " + pasteTimeout.String())
			continue
		case err != nil && saysEmpty(msg):
			return "", errEmptyClipboard
		case err != nil:
			if msg == "" {
				msg = err.Error()
			}
			failed = errors.New(argv[0] + " could not read the clipboard: " + msg)
			continue
		}
		s := strings.TrimLeft(string(out), "\r\n")
		if i := strings.IndexAny(s, "\r\n"); i >= 0 {
			s = s[:i]
		}
		if s == "" {
			return "", errEmptyClipboard
		}
		return s, nil
	}
	if failed != nil {
		return "", failed
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return "", errors.New("paste needs " + pasteCommands()[0][0] + " on PATH")
	}
	return "", errNoPasteTool
}

// saysEmpty reports whether a tool's error text means an empty clipboard.
func saysEmpty(msg string) bool {
	m := strings.ToLower(msg)
	for _, w := range emptyWords {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// limitWriter keeps the first n bytes written to it and drops the rest.
type limitWriter struct {
	w *bytes.Buffer
	n int
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if k := min(len(p), l.n-l.w.Len()); k > 0 {
		l.w.Write(p[:k])
	}
	return len(p), nil
}
