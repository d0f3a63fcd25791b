package flagmsg

import (
	"bytes"
	"errors"
	"flag"
	"testing"
)

func TestParseWordsBadValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-rows", "x"}, "invalid value \"x\" for flag -rows: want a whole number\n"},
		{[]string{"-n", "-1"}, "invalid value \"-1\" for flag -n: want a whole number, 0 or more\n"},
		{[]string{"-weight", "heavy"}, "invalid value \"heavy\" for flag -weight: want a number\n"},
		{[]string{"-smooth=maybe"}, "invalid boolean value \"maybe\" for -smooth: want true or false\n"},
		{[]string{"-every", "5"}, "invalid value \"5\" for flag -every: want a duration such as 500ms or 2s\n"},
		{[]string{"-rows", "99999999999999999999"}, "invalid value \"99999999999999999999\" for flag -rows: value out of range\n"},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus\n"},
		{[]string{"-name"}, "flag needs an argument: -name\n"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.Int("rows", 0, "")
		fs.Uint("n", 0, "")
		fs.Float64("weight", 1, "")
		fs.Bool("smooth", true, "")
		fs.Duration("every", 0, "")
		fs.String("name", "", "")
		fs.Usage = func() {}
		var out bytes.Buffer
		err := Parse(fs, c.args, &out)
		if err == nil {
			t.Fatalf("%v: no error", c.args)
		}
		if out.String() != c.want {
			t.Errorf("%v: wrote %q, want %q", c.args, out.String(), c.want)
		}
	}
}

func TestParseHelpAndSuccess(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	rows := fs.Int("rows", 0, "rows to run")
	fs.Usage = func() {}
	var out bytes.Buffer
	if err := Parse(fs, []string{"-rows", "7"}, &out); err != nil || *rows != 7 || out.Len() != 0 {
		t.Fatalf("good flags: err %v, rows %d, output %q", err, *rows, out.String())
	}
	if err := Parse(fs, []string{"-h"}, &out); !errors.Is(err, flag.ErrHelp) || out.Len() != 0 {
		t.Fatalf("-h: err %v, output %q", err, out.String())
	}
	fs.PrintDefaults()
	if !bytes.Contains(out.Bytes(), []byte("rows to run")) {
		t.Fatalf("PrintDefaults after Parse did not reach the output: %q", out.String())
	}
}

func TestBoolValueHint(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-cache", "false"}, "write -cache=false: a yes/no flag takes its value after ="},
		{[]string{"--cache", "On"}, "write -cache=On: a yes/no flag takes its value after ="},
		{[]string{"-cache", "maybe"}, ""},      // not a yes/no word: a plain stray argument
		{[]string{"-rows", "3", "false"}, ""},  // not after a boolean flag
		{[]string{"-cache=true", "false"}, ""}, // the flag had its value
		{[]string{"-cache"}, ""},               // nothing left over
		{[]string{"-rows", "3", "-cache", "0"}, "write -cache=0: a yes/no flag takes its value after ="},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.Bool("cache", true, "")
		fs.Int("rows", 0, "")
		fs.Usage = func() {}
		if err := Parse(fs, c.args, &bytes.Buffer{}); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if got := BoolValueHint(fs, c.args); got != c.want {
			t.Errorf("%v: hint %q, want %q", c.args, got, c.want)
		}
	}
}
