package maps

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestTiledBase64SizeWording: base64 data that is not a whole number of
// tiles is refused saying the bytes found and the bytes the map's tiles
// need ("4,794 bytes where 40×30 tiles need 4,800"), not "not four a tile",
// plain or unpacked.
func TestTiledBase64SizeWording(t *testing.T) {
	raw := make([]byte, 4*40*30-6)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(raw)
	zw.Close()
	ok := tmx(tileset, strings.Repeat("1,", 40*30-1)+"1", 40, 30)
	csv := `<data encoding="csv">
` + strings.Repeat("1,", 40*30-1) + "1\n</data>"
	for _, c := range []struct{ data, want string }{
		{`<data encoding="base64">` + base64.StdEncoding.EncodeToString(raw) + `</data>`,
			`tile layer "ground": base64 data is 4,794 bytes where the map's 40×30 tiles need 4,800 (4 a tile)`},
		{`<data encoding="base64" compression="zlib">` + base64.StdEncoding.EncodeToString(z.Bytes()) + `</data>`,
			`tile layer "ground": its zlib data unpacks to 4,794 bytes where the map's 40×30 tiles need 4,800 (4 a tile)`},
	} {
		src := fmt.Sprintf(strings.Replace(ok, csv, c.data, 1), "")
		if src == fmt.Sprintf(ok, "") {
			t.Fatal("data not replaced")
		}
		_, _, err := ReadTiled(strings.NewReader(src), "b.tmx", "")
		var me *Error
		if !errors.As(err, &me) || me.Line != 7 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v\nwant %s at line 7", err, c.want)
		}
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 4794: "4,794", 16777216: "16,777,216", -1234: "-1,234"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
