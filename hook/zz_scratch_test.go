package hook
import ("testing";"os";"github.com/autofix/autofix/brief")
func TestZZRatio(t *testing.T){
	b,_:=os.ReadFile(os.Getenv("F"))
	s:=string(b)
	t.Logf("bytes/4=%d brief=%d lexical=%d", (len(s)+3)/4, brief.EstimateTokens(s), lexicalTokens(s))
}
