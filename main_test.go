package main

import (
	"strings"
	"testing"
)

// -size names the allowed range when a side is out of it, and the form
// when the text is not WxH.
func TestParseSizeMessages(t *testing.T) {
	if _, _, err := parseSize("100000x100000"); err == nil || !strings.Contains(err.Error(), "from 1 to 16384") {
		t.Errorf("too large: %v", err)
	}
	if _, _, err := parseSize("big"); err == nil || !strings.Contains(err.Error(), "want WxH") {
		t.Errorf("not WxH: %v", err)
	}
	if w, h, err := parseSize("1280X800"); err != nil || w != 1280 || h != 800 {
		t.Errorf("1280X800: %d %d %v", w, h, err)
	}
}
