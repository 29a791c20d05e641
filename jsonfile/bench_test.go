package jsonfile

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"
)

// benchDoc is a document shaped like the preference store: an object with
// an array of objects that hold strings, times, a nested object and an
// array of events.
func benchDoc(n int) []byte {
	type event struct {
		Time   time.Time `json:"time"`
		What   string    `json:"what"`
		Detail string    `json:"detail,omitempty"`
	}
	type item struct {
		ID          string    `json:"id"`
		Category    string    `json:"category"`
		Instruction string    `json:"instruction"`
		Why         string    `json:"why"`
		Created     time.Time `json:"created"`
		Scope       struct {
			Kind string `json:"kind"`
		} `json:"scope"`
		Status  string  `json:"status"`
		History []event `json:"history"`
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	items := make([]item, n)
	for i := range items {
		it := &items[i]
		it.ID = "p" + strconv.Itoa(i+1)
		it.Category = "CODE"
		it.Instruction = fmt.Sprintf("Always prefer incremental refactors in the %d module \u2014 \"small\" steps.", i)
		it.Why = "I review faster that way"
		it.Created = at
		it.Scope.Kind = "global"
		it.Status = "active"
		it.History = []event{{Time: at, What: "taught", Detail: "with scope global"}}
	}
	data, err := json.MarshalIndent(map[string]any{"version": 1, "next_id": n + 1, "preferences": items}, "", "  ")
	if err != nil {
		panic(err)
	}
	return data
}

type benchFile struct {
	Version     int `json:"version"`
	NextID      int `json:"next_id"`
	Preferences []struct {
		ID          string    `json:"id"`
		Category    string    `json:"category"`
		Instruction string    `json:"instruction"`
		Why         string    `json:"why"`
		Created     time.Time `json:"created"`
		Scope       struct {
			Kind string `json:"kind"`
		} `json:"scope"`
		Status  string `json:"status"`
		History []struct {
			Time   time.Time `json:"time"`
			What   string    `json:"what"`
			Detail string    `json:"detail,omitempty"`
		} `json:"history"`
	} `json:"preferences"`
}

func BenchmarkParse(b *testing.B) {
	data := benchDoc(1000)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	data := benchDoc(1000)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var f benchFile
		if err := Decode(data, &f); err != nil || len(f.Preferences) != 1000 {
			b.Fatal(err)
		}
	}
}
