package brief

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestEverydayEntries checks that every entry of everydayGroups and
// paraphraseGroups can match
// as written: a word entry yields a key that is no stopword, and a phrase
// yields the key of exactly two words in a row, the only phrases the
// scanner looks up (prev word, next word; stopwords between them
// skipped), never one of its words alone ("keep a copy" would be "copy"),
// and that no entry is a bare number.
func TestEverydayEntries(t *testing.T) {
	var sc scanner
	scratch := lexiconBuild{lexicon: &lexicon{}, entries: map[string]lexEntry{}}
	for _, group := range slices.Concat(everydayGroups, paraphraseGroups) {
		for _, entry := range group {
			if isCJKString(entry) {
				if !strings.ContainsFunc(entry, isCJK) {
					t.Errorf("entry %q: no CJK character", entry)
				}
				continue
			}
			tokens, words := 0, 0
			sc.stops = true
			sc.scan(entry, func(_ []byte, kind termKind) {
				if kind == kindWord || kind == kindStop {
					tokens++
				}
				if kind == kindWord {
					words++
				}
			})
			sc.stops = false
			key := scratch.key(&sc, entry)
			switch {
			case strings.Trim(entry, "0123456789") == "":
				t.Errorf("entry %q is a number: numbers name many things (lines, ms, statuses)", entry)
			case words == 0:
				t.Errorf("entry %q is only stopwords: it never matches", entry)
			case tokens == 1 && strings.Contains(key, " "):
				t.Errorf("entry %q: one word, key %q", entry, key)
			case tokens > 1 && len(strings.Fields(key)) != 2:
				t.Errorf("entry %q matches as %q, want a phrase of two words", entry, key)
			}
		}
	}
}

// TestEverydayConcepts checks that everyday sentences, in the five
// languages, name the concept of the rules about their subject, and that
// sentences about something else do not.
func TestEverydayConcepts(t *testing.T) {
	group := func(member string) int {
		for i, g := range everydayGroups {
			if g[0] == member {
				return len(conceptGroups) + i
			}
		}
		t.Fatalf("no everyday group starts with %q", member)
		return -1
	}
	tests := []struct {
		text, group string
		want        bool
	}{
		{"The listing page is sluggish, speed it up", "slow", true},
		{"Die Suche ist viel zu langsam", "slow", true},
		{"La page met trop de temps de chargement", "slow", true},
		{"La consulta es muy lenta", "slow", true},
		{"一覧ページの表示が遅すぎる", "slow", true},
		{"Never query the database inside a loop", "slow", true},
		{"Rename the slow-cooker recipe field", "slow", true}, // a word is a word
		{"Rename the recipe field", "slow", false},
		{"Store the webhook signing key for the payments service", "secret", true},
		{"Le service a besoin d'une clé API", "secret", true},
		{"Add a key to the list items", "secret", false},
		{"Put the wishlist behind a flag and turn it on for a few shoppers", "feature flag", true},
		{"Rollout schrittweise für zehn Prozent", "feature flag", true},
		{"Add a --verbose flag to the CLI", "feature flag", false},
		{"Let shoppers attach a photo to their review", "upload", true},
		{"Permitir adjuntar un PDF al pedido", "upload", true},
		{"Show when it was posted, like 3 days ago", "ago", true},
		{"Slots should be shown in the buyer's local time", "ago", true},
		{"Im Warenkorb werden die Preise falsch angezeigt", "price", true},
		{"Send the receipt by email and SMS", "email", true},
		{"A customer asked us to forget everything we know about them", "personal data", true},
		{"Un client demande son droit à l'oubli", "personal data", true},
		{"Don't forget to update the changelog", "personal data", false},
		{"Clear out abandoned carts older than 90 days from the live database", "production data", true},
		{"Ship the checkout fix tonight", "hotfix", true},
		{"Es ist dringend, bitte heute Abend ausrollen", "hotfix", true},
		{"Only admins may refund an order", "permission", true},
		{"Bots are brute-forcing the login form", "rate limit", true},
		{"Les résultats devraient charger plus au défilement", "pagination", true},
		{"Charger la configuration au démarrage", "pagination", false},
		{"Add a load more button under the results", "pagination", true},
		{"Send the invoices every night as a cron job", "background job", true},
		{"Read the API base URL from an environment variable", "config", true},
		{"The checkout test is flaky and fails randomly", "flaky", true},
		{"The form loses state when I rotate the phone", "screen rotation", true},
		{"Searching with a blank box blows up", "crash", true},
		{"Partner apps want to call our quote calculation themselves", "breaking change", true},
		{"Payments time out under load on Black Friday", "timeout", true},
		{"The homepage hits the database on every visit; keep a cached copy", "cache", true},
		{"Tidy up the helpers without changing behaviour", "refactor", true},
		{"The helpers are confusingly named", "identifier", true},
		{"Keep a log so support can troubleshoot declined payments", "log", true},
		{"Make the size picker work for blind users", "screen reader", true},
		{"Explain the sync service with a sequence diagram", "diagram", true},
		{"The checkout pods keep getting OOMKilled", "oom", true},
		{"The confirmation mail should also go out in Spanish", "translate", true},
		{"Write the comments in English", "translate", false},
		{"Customers get charged twice when they double-click Pay", "double click", true},
		{"Roll back the release if the error rate climbs", "roll back", true},
		{"Customers can see other customers' invoices", "tenant", true},
		{"Users keep getting logged out after a minute", "logged out", true},
		{"Die App leert den Akku im Hintergrund", "battery", true},
		{"Named exports for every component", "csv", false},
		// Stems that collide with common words ("profiler" is "profil",
		// "importe" is "import", "worker" is "work", "Rolle" is "roll").
		{"Show the user's profile page", "slow", false},
		{"Import the helpers from the shared module", "price", false},
		{"This works in the workspace", "background job", false},
		{"Roll out the new checkout", "permission", false},
		{"Explain why the build failed", "diagram", false},
		{"Fail fast on a missing setting", "config", true},
		{"Orders need to remember which delivery window the buyer picked", "keep track", true},
		{"Keep track of what each patient is allergic to", "keep track", true},
		{"Remember to update the changelog", "keep track", false},
		{"La página de productos tarda mucho, hazla más rápida", "slow", true},
		{"L'e-mail de confirmation doit aussi partir en espagnol", "translate", true},
		{"Der Kunde möchte, dass wir alle seine Daten löschen", "personal data", true},
		// The same subjects as other languages name them (issue: tasks in
		// German, French, Spanish and Japanese trailed their English).
		{"Mach die Größenauswahl für Screenreader nutzbar", "screen reader", true},
		{"Les utilisateurs de lecteurs d'écran ne comprennent pas l'erreur", "screen reader", true},
		{"Los usuarios de lector de pantalla no saben qué hace el botón", "screen reader", true},
		{"Leute, die keine Maus benutzen können, kommen nicht weiter", "screen reader", true},
		{"Der Termin wird im Portal einen Tag zu früh angezeigt", "ago", true},
		{"Le rendez-vous s'affiche avec une heure de décalage", "ago", true},
		{"Su cita aparece un día antes en el portal", "ago", true},
		{"予約が1日早く表示される", "ago", true},
		{"Seit der Zeitumstellung startet das Event zu spät", "ago", true},
		{"Depuis le changement d'heure, l'événement commence en retard", "ago", true},
		{"Desde el cambio de hora, el evento empieza tarde", "ago", true},
		{"Le jour de la semaine s'affiche en gras", "ago", false},
		{"Schreib auf, was beim Ausfall schiefgelaufen ist", "post-mortem", true},
		{"Rédige ce qui s'est mal passé pendant la panne d'hier", "post-mortem", true},
		{"Redacta qué salió mal durante la caída de ayer", "post-mortem", true},
		{"Quelqu'un bombarde le formulaire de mot de passe oublié", "forgot password", true},
		{"Le mot de passe doit être haché avec argon2", "forgot password", false},
		{"La synchro a cassé ; fais en sorte que ça ne puisse plus arriver en silence", "alert", true},
		{"夜間の同期が壊れていたのに誰も気づきませんでした", "alert", true},
		{"Les applis partenaires veulent appeler notre calcul elles-mêmes", "breaking change", true},
		{"Los integradores preguntan cómo se usa el cliente", "breaking change", true},
		{"Die Produktseite braucht vier Sekunden zum Laden", "slow", true},
		{"La page met quatre secondes à s'afficher", "slow", true},
		{"La página tarda cuatro segundos en aparecer", "slow", true},
		{"商品一覧ページの表示に4秒かかるので速くして", "slow", true},
		{"Wir laden die Daten zum Testen", "slow", false},
		{"Händler wollen eine Tabelle mit Hunderten von Auszahlungen hochladen", "bulk", true},
		{"La remise à zéro nocturne du classement tourne deux fois", "background job", true},
		{"Garde une trace de quel médecin a ouvert le dossier", "keep track", true},
		{"Trace les appels HTTP sortants", "keep track", false},
		{"Le nouveau webhook a besoin de sa clé de signature", "secret", true},
		{"Alguien puso aquí la clave secreta de PlayFab", "secret", true},
		{"Explique aux nouveaux arrivants comment fonctionne le service", "diagram", true},
		{"Les chauffeurs doivent pouvoir prendre une photo du colis", "upload", true},
		{"La lista de deseos va detrás de un interruptor", "feature flag", true},
	}
	for _, tt := range tests {
		q := analyse(Task{Text: tt.text})
		if got := q.concepts[group(tt.group)] >= 0; got != tt.want {
			t.Errorf("%q names the everyday %q concept = %v, want %v", tt.text, tt.group, got, tt.want)
		}
	}
}

// TestCJKIn checks the first-rune index against a search of every CJK
// entry: the same entries, in table order, once each.
func TestCJKIn(t *testing.T) {
	l := lex()
	runs := []string{"ログインのログを出力", "一覧ページの表示が遅すぎる", "患者のプロフィール画面に顔写真を表示したい",
		"ステージングのパイプラインを速くしてください", "キャッシュキャッシュ", "変更をコミットして", "あ", ""}
	for _, run := range runs {
		var want []int32
		for i := range l.cjk {
			if strings.Contains(run, l.cjk[i].term) {
				want = append(want, int32(i))
			}
		}
		if got := l.cjkIn(nil, run); !slices.Equal(got, want) {
			t.Errorf("cjkIn(%q) = %v, want %v", run, got, want)
		}
	}
	if got := l.cjkIn([]int32{-1}, "ログ"); len(got) < 2 || got[0] != -1 {
		t.Errorf("cjkIn appended %v, want after the -1 already there", got)
	}
}

// BenchmarkSelectCJK measures selection on a ruleset written in Japanese,
// where every run of CJK text is searched for the lexicon's CJK entries.
func BenchmarkSelectCJK(b *testing.B) {
	subjects := []string{"コミットメッセージ", "データベースのマイグレーション", "ログイン画面", "キャッシュ", "本番データ", "画像のアップロード",
		"パスワード", "通知メール", "検索結果", "タイムゾーン", "アクセシビリティ", "テスト"}
	rules := make([]Rule, 1000)
	for i := range rules {
		rules[i] = Rule{Source: Project, ID: strconv.Itoa(i + 1), Category: "CODE", Order: i + 1,
			Instruction: "必ず" + subjects[i%len(subjects)] + "は" + subjects[(i/7)%len(subjects)] + "と一緒に確認すること。"}
	}
	task := Task{Text: "ログイン画面のエラーメッセージが遅すぎるので直して"}
	b.ReportAllocs()
	for b.Loop() {
		Select(rules, task, Options{Limit: 8})
	}
}
