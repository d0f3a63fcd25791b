// Package flagmsg parses a command line with the flag package but words its
// syntax errors for people: the flag package ends a bad number or boolean
// with Go's "parse error", which does not say what the flag takes.
package flagmsg

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
)

// Parse runs fs.Parse(args). The flag package's own message for a bad flag
// is replaced by Explain's, written to out with a newline; out becomes fs's
// output afterwards, for the caller's usage text and PrintDefaults. The
// flag package calls fs.Usage during the parse, while the output is
// discarded, so callers set Usage to a no-op and print their usage after an
// flag.ErrHelp (the error is fs.Parse's).
func Parse(fs *flag.FlagSet, args []string, out io.Writer) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(out)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(out, Explain(fs, err))
	}
	return err
}

// Explain returns err's message with a trailing "parse error" replaced by
// what the flag takes, judged from its value's type: "want a whole
// number", "want a number", "want true or false" or "want a duration
// such as 500ms or 2s". Other messages are returned as they are.
func Explain(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	head, ok := strings.CutSuffix(msg, ": parse error")
	if !ok {
		return msg
	}
	i := strings.LastIndex(head, " -")
	if i < 0 {
		return msg
	}
	f := fs.Lookup(head[i+2:])
	if f == nil {
		return msg
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return msg
	}
	var want string
	switch g.Get().(type) {
	case int, int64:
		want = "want a whole number"
	case uint, uint64:
		want = "want a whole number, 0 or more"
	case float64:
		want = "want a number"
	case bool:
		want = "want true or false"
	case time.Duration:
		want = "want a duration such as 500ms or 2s"
	default:
		return msg
	}
	return head + ": " + want
}

// BoolValueHint explains the first argument left after a parse of args
// when it is a yes/no word right after a boolean flag, as in "-cache
// false": the flag package takes "-cache" as true and stops at "false".
// It returns "" otherwise.
func BoolValueHint(fs *flag.FlagSet, args []string) string {
	if fs.NArg() == 0 {
		return ""
	}
	extra := fs.Arg(0)
	i := len(args) - fs.NArg() - 1
	if i < 0 || !strings.HasPrefix(args[i], "-") || strings.Contains(args[i], "=") {
		return ""
	}
	name := strings.TrimLeft(args[i], "-")
	fl := fs.Lookup(name)
	if fl == nil {
		return ""
	}
	if b, ok := fl.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
		return ""
	}
	switch strings.ToLower(extra) {
	case "on", "off", "yes", "no", "true", "false", "1", "0":
		return fmt.Sprintf("write -%s=%s: a yes/no flag takes its value after =", name, extra)
	}
	return ""
}
