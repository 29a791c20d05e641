package brief

import (
	"slices"
	"testing"
)

func TestInflected(t *testing.T) {
	l := lex()
	concepts := func(w string) []uint16 {
		var sc scanner
		var c []uint16
		sc.scan(w, func(term []byte, kind termKind) {
			if kind == kindWord {
				c = l.inflected(term).concepts
			}
		})
		return c
	}
	tests := []struct{ word, base string }{
		{"Tabellen", "Tabelle"},
		{"Komponenten", "Komponente"},
		{"Abfragen", "Abfrage"},
		{"documentez", "documenter"},
		{"publica", "publicar"},
		{"kompiliere", "kompilieren"},
		{"veröffentliche", "veröffentlichen"},
	}
	for _, tt := range tests {
		want := l.word(string(stem([]byte(foldWord(tt.base))))).concepts
		if len(want) == 0 {
			t.Fatalf("%q names no concept: the test needs one that does", tt.base)
		}
		if got := concepts(tt.word); !slices.Equal(got, want) {
			t.Errorf("inflected(%q) names %v, want %v, the concepts of %q", tt.word, got, want, tt.base)
		}
	}
	for _, w := range []string{"golden", "hidden", "listen"} {
		if got := concepts(w); len(got) != 0 {
			t.Errorf("inflected(%q) names %v, want none", w, got)
		}
	}
}

// foldWord lower-cases and folds w as the scanner does.
func foldWord(w string) string {
	var sc scanner
	sc.raw = true
	out := ""
	sc.scan(w, func(term []byte, kind termKind) { out = string(term) })
	return out
}

// hasConceptOf reports whether the task text names every concept of the
// lexicon entry base (an entry of the tables, stemmed as they are).
func hasConceptOf(t *testing.T, text, base string) bool {
	t.Helper()
	var sc scanner
	key := lexiconBuild{lexicon: &lexicon{}, entries: map[string]lexEntry{}}.key(&sc, base)
	want := lex().word(key).concepts
	if len(want) == 0 {
		t.Fatalf("%q names no concept: the test needs one that does", base)
	}
	q := analyse(Task{Text: text})
	for _, c := range want {
		if q.concepts[c] < 0 {
			return false
		}
	}
	return true
}

func TestWithoutClitic(t *testing.T) {
	tests := []struct {
		text, base string
		want       bool
	}{
		{"documéntalo bien", "documentar", true},
		{"quítalo", "quita", true},
		{"divídelo en algo razonable", "dividir", true},
		{"súbelo ya", "sube", true},
		{"the halo effect", "documentar", false},
	}
	for _, tt := range tests {
		if got := hasConceptOf(t, tt.text, tt.base); got != tt.want {
			t.Errorf("%q names the concepts of %q = %v, want %v", tt.text, tt.base, got, tt.want)
		}
	}
}

func TestSeparableVerbs(t *testing.T) {
	tests := []struct {
		text, base string
		want       bool
	}{
		{"Räum die verwirrend benannten Helfer auf, ohne ihr Verhalten zu ändern", "aufräumen", true},
		{"Räum meine Historie zu einem Commit auf und stell ihn zur Review", "aufräumen", true},
		{"PlayerService hat 3000 Zeilen, teil das in etwas Vernünftiges auf", "aufteilen", true},
		{"Lade die Rechnungen als PDF hoch", "hochladen", true},
		{"Der Fahrer lädt das Foto hoch", "hochladen", false}, // an umlaut changes the stem
		{"Räum die Helfer, dann schau sie dir an", "aufräumen", false},
		{"Clean the helpers up, then look at them", "aufräumen", false},
	}
	for _, tt := range tests {
		if got := hasConceptOf(t, tt.text, tt.base); got != tt.want {
			t.Errorf("%q names the concepts of %q = %v, want %v", tt.text, tt.base, got, tt.want)
		}
	}
}

func TestCompoundPhrase(t *testing.T) {
	tests := []struct {
		text, phrase string
		want         bool
	}{
		{"Mach die Größenauswahl für Screenreader nutzbar", "screen reader", true},
		{"Screenreader-Nutzer verstehen die Fehler nicht", "screen reader", true},
		{"Pack das hinter ein Featureflag", "feature flag", true},
		{"Die Integrationstests laufen nicht", "integration tests", true}, // the linking s
		{"Test it with a screen reader", "screen reader", true},           // two words: the phrase, as before
		{"Rename the screenplay reader", "screen reader", false},
		// A head shorter than minCompoundHead after a linking s.
		{"Die Willkommensmail kommt dreimal an", "mail", true},
		{"Der Integrationstest ist rot", "test", true},
		{"Show the username in the header", "name", false}, // no linking s: not a name
	}
	for _, tt := range tests {
		if got := hasConceptOf(t, tt.text, tt.phrase); got != tt.want {
			t.Errorf("%q names the concepts of %q = %v, want %v", tt.text, tt.phrase, got, tt.want)
		}
	}
}

// TestTranslatedMembers checks members of the concept groups in other
// languages: the translations of the English members that name the same
// subject.
func TestTranslatedMembers(t *testing.T) {
	tests := []struct {
		text, base string
		want       bool
	}{
		{"Les factures ont parfois un centime d'écart", "cent", true},
		{"Las facturas a veces difieren en un céntimo", "bill", true},
		{"Die Rechnungen der Patienten weichen ab", "bill", true},
		{"患者の請求額が保険の払い戻し額と1セントずれる", "refund", true},
		{"Spieler, die ein Paket zurückerstatten lassen", "refund", true},
		{"Erlaube Spielern, die Untertitel einzuschalten", "subtitles", true},
		{"Escribe una prueba automatizada que recorra el registro en un navegador", "automated test", true},
		{"ブラウザで新規登録を確認する自動テストを書いて", "automated test", true},
		{"lass hier auch die Integrationstests für Routing laufen", "integration tests", true},
		{"Committe meinen Stand und pushe ihn", "commit", true},
		{"QAが偽アカウントを大量に残した", "account", true},
		{"Un lecteur veut qu'on l'oublie complètement", "forget", true},
		{"Sort the list by name", "subtitles", false},
		{"Los jugadores que reembolsan un pack", "reembolsar", true},        // another person of a verb in -ar
		{"Permite que los compradores adjunten una foto", "adjuntar", true}, // its subjunctive
		{"wir wollen es testen, bevor ihn alle bekommen", "bevor alle", true},
		{"IDが存在しないと500で落ちるので直して", "blows up", true},
		{"Das Feld dob soll überall date_of_birth heißen", "be called", true},
		{"El campo dob debe llamarse date_of_birth", "be called", true},
	}
	for _, tt := range tests {
		if got := hasConceptOf(t, tt.text, tt.base); got != tt.want {
			t.Errorf("%q names the concepts of %q = %v, want %v", tt.text, tt.base, got, tt.want)
		}
	}
}

// TestContractionsAndPromptVerbs checks the stopwords other languages
// need: German prepositions with an article in them, and the prompt verbs
// whose English ("add", "write", "fix", "make") are stopwords.
func TestContractionsAndPromptVerbs(t *testing.T) {
	for _, w := range []string{"zum", "zur", "vom", "beim", "am", "fuge", "hinzu", "schreib", "ajoute", "ecris", "corrige",
		"fais", "anade", "agrega", "escribe", "arregla", "haz", "una"} {
		if !isStopword([]byte(w)) {
			t.Errorf("%q is no stopword", w)
		}
	}
	// "Sekunden zum Laden" is the phrase "Sekunden … Laden".
	if !hasConceptOf(t, "Die Seite braucht vier Sekunden zum Laden", "sekunden zum laden") {
		t.Error(`"Sekunden zum Laden" names no concept of its phrase`)
	}
}

func TestGermanVerbForms(t *testing.T) {
	tests := []struct {
		text, base string
		want       bool
	}{
		{"Die Fehler werden nicht geloggt", "loggen", true},
		{"Das Schema wurde gestern migriert", "migrieren", true},
		{"Der Webhook ist nicht dokumentiert", "dokumentieren", true},
		{"Die Rechnungen werden als PDF hochgeladen", "hochladen", true},
		{"Er versucht, die Bilder hochzuladen", "hochladen", true},
		{"Ich habe die Helfer aufgeräumt", "aufräumen", true},
		{"Das Geländer ist neu", "löschen", false},
	}
	for _, tt := range tests {
		if got := hasConceptOf(t, tt.text, tt.base); got != tt.want {
			t.Errorf("%q names the concepts of %q = %v, want %v", tt.text, tt.base, got, tt.want)
		}
	}
}
