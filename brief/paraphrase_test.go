package brief

import (
	"slices"
	"testing"
)

// conceptOf returns the concept number of the group that starts with
// member, in paraphraseGroups, everydayGroups or conceptGroups.
func conceptOf(t *testing.T, member string) int {
	t.Helper()
	for i, g := range paraphraseGroups {
		if g[0] == member {
			return len(conceptGroups) + len(everydayGroups) + i
		}
	}
	for i, g := range everydayGroups {
		if g[0] == member {
			return len(conceptGroups) + i
		}
	}
	for i, g := range conceptGroups {
		if g[0] == member {
			return i
		}
	}
	t.Fatalf("no group starts with %q", member)
	return -1
}

// TestParaphraseConcepts checks that a task naming a subject by its goal,
// its symptom or a complaint names the concept of the rules about it, in
// the five languages, and that a sentence using the same words for
// something else does not.
func TestParaphraseConcepts(t *testing.T) {
	tests := []struct {
		text, group string
		want        bool
	}{
		// Retention.
		{"Legal says we may no longer keep invoices older than seven years, remove the old records", "retention", true},
		{"Delete the old logs from the bucket after 30 days", "retention", true},
		{"Die Aufbewahrungsfrist für Rechnungen ist abgelaufen", "retention", true},
		{"Respecter la durée de conservation des factures", "retention", true},
		{"請求書の保存期間を過ぎたデータを消す", "retention", true},
		{"Purge the CDN cache for the homepage", "retention", false},
		// A library others build on.
		{"Other teams use this client, and I changed two public methods", "semver", true},
		{"Publish the internal library with a migration guide", "semver", true},
		{"Ask other users for feedback", "semver", false},
		{"Bump the major version of React", "semver", false}, // a dependency's version
		// Data that has grown large.
		{"The report page freezes for our biggest customers", "execution plan", true},
		{"It is fine in dev but slow once a tenant has a few thousand projects", "execution plan", true},
		{"Check the query plan of the new admin query", "execution plan", true},
		{"Add a table of contents to the README", "execution plan", false},
		// Text matching in search.
		{"Searching for Jose doesn't find José: make it ignore accents", "accents", true},
		{"Customers spell it differently, and the misspelled names find nothing", "accents", true},
		{"Die Suche soll Umlaute ignorieren", "accents", true},
		{"検索で表記揺れを吸収したい", "accents", true},
		{"Lazy-load the images below the fold", "accents", false},
		// A secret that got out.
		{"I accidentally committed the Stripe key, what now?", "leaked secret", true},
		{"The gitleaks hook flagged a token in the config", "leaked secret", true},
		{"Find a compromise between speed and memory", "leaked secret", false},
		{"Commit the fix and push", "leaked secret", false},
		{"Check that everything is committed", "leaked secret", false},
		{"Let users rotate it before saving", "leaked secret", false},
		// Property-based tests.
		{"Make sure the parser survives lots of random inputs", "property-based", true},
		{"What is holding up the release?", "property-based", false},
		{"Add fuzz tests for the decoder", "property-based", true},
		{"Generate a random token for the reset link", "property-based", false},
		// Points in time.
		{"Store the datetimes as timestamptz", "timestamp", true},
		{"Add a completed_at column to the enrollments table", "timestamp", true},
		{"Sort the orders by createdAt", "timestamp", true},
		{"Add a column for the order's notes", "timestamp", false},
		{"Replace charAt with slice", "timestamp", false},
		// Modal dialogs.
		{"Keyboard users get stuck in the ban popup", "modal", true},
		{"ポップアップを閉じられない", "modal", true},
		{"Pop the last item off the stack", "modal", false},
		// Currency conversion.
		{"Show the balance converted with today's exchange rate", "fx", true},
		{"Use the fx service for conversions", "fx", true},
		{"Show the balance in euros", "fx", false},
		// Changing a big table while it is used.
		{"Add the index to the orders table without locking it", "zero downtime", true},
		{"Rename the column without downtime", "zero downtime", true},
		{"The site had downtime last night", "zero downtime", false},
		// Markup from people.
		{"Authors want to paste raw HTML with links into their bio", "xss", true},
		{"Let editors use rich text in the course description", "xss", true},
		{"Render the comment body with dangerouslySetInnerHTML", "xss", true},
		{"Fix the layout in profile.component.html", "xss", false},
		{"Format the text in the footer", "xss", false},
		// Right-to-left languages.
		{"We launch in Arabic next month", "rtl", true},
		{"Die App muss Hebräisch unterstützen", "rtl", true},
		{"We launch in Italian next month", "rtl", false},
		{"We launch in Italian next month", "translate", true},
		// Numbers and dates per locale.
		{"German users see 1,234.50 instead of a decimal comma", "intl", true},
		{"Format numbers for the dispatcher's locale", "intl", true},
		{"Format the Go files before committing", "intl", false},
		// Errors with context.
		{"Loading the config only says file not found, with no context", "wrap errors", true},
		{"Beim Laden kommt nur ein Fehler ohne Kontext zurück", "wrap errors", true},
		{"Pass the request context to the database call", "wrap errors", false},
		{"Return errors as problem+json", "wrap errors", false},
		// Null safety.
		{"The app throws a NullPointerException when the avatar is missing", "npe", true},
		{"Stop force-unwrapping the optionals in the profile screen", "npe", true},
		{"Add a NOT NULL column", "npe", false},
		// Webhook signatures.
		{"Anyone could send fake events to our Stripe endpoint", "webhook signature", true},
		{"Add a webhook for new orders", "webhook signature", false},
		// CORS.
		{"The browser blocks the admin's cross-origin calls to the API", "cors origins", true},
		{"Never read another domain's tables", "cors origins", false},
		{"Upgrade to .NET Core 8", "cors origins", false},
		{"Keep the original file", "cors origins", false},
		// Subjects whose everyday words are in their everyday group.
		{"The import dies halfway and leaves the ledger in an inconsistent state", "transaction", true},
		{"On iPhone the sheet is cut off", "mobile", true},
		{"Search is case sensitive, make it match either way", "accents", true},
		{"Dates show in US format for German users", "intl", true},
		{"Scrolling the feed is choppy", "slow", true},
		{"The gateway fetches the merchant settings on every request; hold on to it locally", "cache", true},
		{"Keep a copy around instead of asking the database again", "cache", true},
		{"Hold the button to record", "cache", false},
		{"The page hangs on load", "cache", false},
		{"People with disabilities can't reach the menu with the tab key", "screen reader", true},
		{"Escape key closes the focus trap", "screen reader", true},
		{"Disable the button while saving", "screen reader", false},
		{"Keep track of which nurse opened which chart", "audit", true},
		{"Support needs to see who edited the refund", "audit", true},
		{"A player asked us to wipe everything we have on them", "personal data", true},
		{"Handle the erasure request from the support ticket", "personal data", true},
		{"Wipe the local build cache", "personal data", false},
		{"Students in Tokyo get the reminder at 3am", "ago", true},
		{"Users abroad see the wrong day for their booking", "ago", true},
		{"Deploy at midnight", "ago", true}, // a day boundary is a time-zone question
		{"Email the overdue list each morning", "background job", true},
		{"Every Monday send the digest", "background job", true},
		{"Fix the monday typo in the footer", "background job", false},
		{"Photographers need to drop 20 MB files here", "upload", true},
		{"Merchants hand us a spreadsheet of payouts", "upload", true},
		{"Drop the unused column", "upload", false},
		{"Try the new checkout on a small group of shoppers first", "feature flag", true},
		{"Some users report that the checkout fails", "feature flag", false},
		{"Add a percentage of the base fare to the total", "feature flag", false},
		{"The endpoint falls over once traffic picks up", "slow", true},
		{"It breaks with more users on Black Friday", "slow", true},
		{"Count how many users click the banner", "slow", false},
		{"Point it at the new server in appsettings.Production.json", "config", true},
		{"Füge die spanischen Texte hinzu", "translate", true},
	}
	for _, tt := range tests {
		q := analyse(Task{Text: tt.text})
		if got := q.concepts[conceptOf(t, tt.group)] >= 0; got != tt.want {
			t.Errorf("%q names the %q concept = %v, want %v", tt.text, tt.group, got, tt.want)
		}
	}
}

// TestPointInTimeCue: in a task, an identifier that joins a finished
// action and "at" ("created_at", "completedAt", "expires_at") is read as
// the word timestamp too; "at" after other words, or as a word of its
// own, is not; a rule (read without cues) is not.
func TestPointInTimeCue(t *testing.T) {
	cue := string(stem([]byte(pointInTime)))
	scan := func(text string, cues bool) []string {
		var out []string
		sc := scanner{cues: cues}
		sc.scan(text, func(term []byte, kind termKind) {
			if kind == kindWord {
				out = append(out, string(term))
			}
		})
		return out
	}
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"add completed_at", true},
		{"order by createdAt desc", true},
		{"expires_at is null", true},
		{"the sent_at_utc column", true},
		{"the `deleted_at` filter", true},
		{"completed at noon", false},
		{"look_at the camera", false},
		{"str.charAt(0)", false},
		{"completed_ at", false},
		{"at", false},
	} {
		if got := slices.Contains(scan(tt.text, true), cue); got != tt.want {
			t.Errorf("scan(%q) with cues has %q = %v, want %v (%q)", tt.text, cue, got, tt.want, scan(tt.text, true))
		}
		if slices.Contains(scan(tt.text, false), cue) {
			t.Errorf("scan(%q) without cues has %q", tt.text, cue)
		}
	}
}

// TestPointInTimeSelects: a task that names a column by its identifier
// receives the rule about timestamps, which shares no word with it.
func TestPointInTimeSelects(t *testing.T) {
	rules := []Rule{
		proj(1, "DATA", "Always store points in time as timestamptz in UTC."),
		proj(2, "DATA", "Always add a foreign key for every reference column."),
		proj(3, "STYLE", "Name boolean columns with an is_ prefix."),
		proj(4, "DATA", "Never store money as floats."),
	}
	sel := Select(rules, Task{Text: "Add a completed_at column to enrollments"}, Options{Limit: 2})
	var got []string
	for _, r := range sel.Rules {
		got = append(got, r.ID)
	}
	if len(got) == 0 || got[0] != "1" {
		t.Errorf("selected %v, want rule 1 first", got)
	}
	if sel.Rules[0].Score <= 0 {
		t.Errorf("rule 1 scored %v, want evidence from the identifier", sel.Rules[0].Score)
	}
}
