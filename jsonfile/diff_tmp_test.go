package jsonfile

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	old "github.com/autofix/autofix/oldjsontmp"
)

func conv(v *old.Value) *Value {
	if v == nil {
		return nil
	}
	out := &Value{Kind: Kind(v.Kind), Off: v.Off, End: v.End, Str: v.Str}
	for _, e := range v.Elems {
		out.Elems = append(out.Elems, conv(e))
	}
	for _, m := range v.Members {
		out.Members = append(out.Members, Member{Key: m.Key, KeyOff: m.KeyOff, Value: conv(m.Value)})
	}
	return out
}

type tfile struct {
	Version     int `json:"version"`
	NextID      int `json:"next_id"`
	Preferences []struct {
		ID         string    `json:"id"`
		Created    time.Time `json:"created"`
		Supersedes []string  `json:"supersedes"`
		Scope      struct {
			Kind string `json:"kind"`
		} `json:"scope"`
	} `json:"preferences"`
}

func FuzzDiffOld(f *testing.F) {
	for _, s := range []string{"[01]", "[truex]", "1x", `{"a":1,"a":2}`, "[1,]", "[1 2]", "1 2", `{"a" 1}`, "\ufeff [1,\xff]", `["\ud800"]`, `{"a":{"b":[1,{"c":"\u00e9"}]}}`, `{"version":1,"preferences":[{"id":"x","ID":"y","created":"2026-01-02T03:04:05Z"}]}`,
		`{"version":"1"}`, `{"preferences":[{"created":"\u0032026-01-02T03:04:05Z"}]}`, `{"version":1e2}`, `{"version":-0}`, `{"preferences":[null]}`, `{"Preferences":[{"Supersedes":["a",1]}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ov, oerr := old.Parse(data)
		nv, nerr := Parse(data)
		if (oerr == nil) != (nerr == nil) || oerr != nil && oerr.Error() != nerr.Error() {
			t.Fatalf("%q: new %v, old %v", data, nerr, oerr)
		}
		if oerr == nil && !reflect.DeepEqual(conv(ov), nv) {
			t.Fatalf("%q: trees differ", data)
		}
		var of, nf tfile
		oerr = old.Decode(data, &of)
		nerr = Decode(data, &nf)
		if (oerr == nil) != (nerr == nil) || oerr != nil && oerr.Error() != nerr.Error() {
			t.Fatalf("%q: Decode new %v, old %v", data, nerr, oerr)
		}
		if oerr == nil && !reflect.DeepEqual(of, nf) {
			t.Fatalf("%q: decoded differ\n%+v\n%+v", data, of, nf)
		}
		var oa, na any
		oerr = old.Decode(data, &oa)
		nerr = Decode(data, &na)
		if (oerr == nil) != (nerr == nil) || oerr != nil && oerr.Error() != nerr.Error() || !reflect.DeepEqual(oa, na) {
			t.Fatalf("%q: Decode any new %v %v, old %v %v", data, nerr, na, oerr, oa)
		}
		_ = json.Valid
	})
}
