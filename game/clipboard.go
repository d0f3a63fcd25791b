package game

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Ebiten has no clipboard, so Ctrl+V in the prompt asks the system's own
// tool for the clipboard's text: pbpaste on macOS, PowerShell's
// Get-Clipboard on Windows, else (X11, Wayland) the first of wl-paste,
// xclip and xsel found on PATH. The tool runs off the frame (pasteText is
// called on its own goroutine) and is given pasteTimeout: a clipboard
// owner that never answers costs a note, not a frozen window.

// pasteTimeout bounds one read of the clipboard (a variable for tests).
var pasteTimeout = 2 * time.Second

// maxPasteBytes bounds what a paste reads: the prompt holds a path or a few
// numbers, and a clipboard holding a whole file must not stall it.
const maxPasteBytes = 64 << 10

// pasteCommands are the tools tried, in order, on this system.
func pasteCommands() [][]string {
	switch runtime.GOOS {
	case "darwin":
		return [][]string{{"pbpaste"}}
	case "windows":
		return [][]string{{"powershell", "-NoProfile", "-Command", "Get-Clipboard -Raw"}}
	}
	return [][]string{{"wl-paste", "--no-newline"}, {"xclip", "-o", "-selection", "clipboard"}, {"xsel", "--clipboard", "--output"}}
}

// errNoPasteTool says which tools a paste looked for.
var errNoPasteTool = errors.New("paste needs one of wl-paste, xclip or xsel on PATH (Ebiten reads no clipboard itself)")

// lookPath and runPaste are exec.LookPath and a clipboard tool's run, as
// variables so tests can stand in for the system.
var (
	lookPath = exec.LookPath
	runPaste = func(ctx context.Context, argv []string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		var out bytes.Buffer
		cmd.Stdout = &limitWriter{w: &out, n: maxPasteBytes}
		err := cmd.Run()
		return out.Bytes(), err
	}
)

// pasteText reads the clipboard's text with the first tool found; a line
// break ends it (the prompt is one line; a path copied from a terminal
// often ends in one).
func pasteText() (string, error) {
	for _, argv := range pasteCommands() {
		if _, err := lookPath(argv[0]); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), pasteTimeout)
		out, err := runPaste(ctx, argv)
		late := ctx.Err() != nil
		cancel()
		if late {
			return "", errors.New(argv[0] + " gave no clipboard within " + pasteTimeout.String())
		}
		if err != nil {
			msg := strings.TrimSpace(err.Error())
			return "", errors.New(argv[0] + " could not read the clipboard: " + msg)
		}
		s := strings.TrimLeft(string(out), "\r\n")
		if i := strings.IndexAny(s, "\r\n"); i >= 0 {
			s = s[:i]
		}
		return s, nil
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return "", errors.New("paste needs " + pasteCommands()[0][0] + " on PATH")
	}
	return "", errNoPasteTool
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
