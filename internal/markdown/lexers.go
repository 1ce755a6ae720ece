package markdown

import (
	"slices"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/dlclark/regexp2/v2"
)

// Chroma gives every rule of a lexer a time limit of 250 ms of wall-clock time and takes a
// rule that runs out of it for a rule that does not match, without a word: the code is
// then highlighted differently, or cut short. On a loaded machine (a build on two busy
// cores, a fuzzer) that happens, and the same page gave different bytes from one build to
// the next (FuzzHeldCode caught it: a Go block lost its last line). docsite highlights
// code it was given by the site's authors, once per build, so it takes the time a rule
// needs: its lexers are chroma's, made again in a registry of their own whose rules have
// no time limit. A lexer that names another (HTML's scripts are JavaScript) finds it in
// the same registry. Lexers that are not made of rules (a few that combine two others)
// are chroma's own.

// untimed is chroma's registry of lexers, made again with no time limit on their rules.
var untimed = sync.OnceValue(func() *chroma.LexerRegistry {
	reg := chroma.NewLexerRegistry()
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		rl, ok := l.(*chroma.RegexLexer)
		if !ok {
			reg.Register(ownRegistry{l})
			continue
		}
		w, err := untimedCopy(rl)
		if err != nil { // chroma made it from the same configuration
			reg.Register(ownRegistry{l})
			continue
		}
		reg.Register(w)
	}
	return reg
})

// untimedFallback is chroma's lexer for plain text, with no time limit.
var untimedFallback = sync.OnceValue(func() chroma.Lexer {
	if rl, ok := lexers.Fallback.(*chroma.RegexLexer); ok {
		if w, err := untimedCopy(rl); err == nil {
			return w
		}
	}
	return lexers.Fallback
})

// untimedCopy is a new lexer with the rules of rl and no time limit on them.
func untimedCopy(rl *chroma.RegexLexer) (*chroma.RegexLexer, error) {
	config := rl.Config()
	return chroma.NewLexer(config, func() chroma.Rules { return withoutTimeouts(rl, config.Name) })
}

// ownRegistry is a lexer of chroma's registered in untimed, which keeps the registry it has.
type ownRegistry struct{ chroma.Lexer }

func (o ownRegistry) SetRegistry(*chroma.LexerRegistry) chroma.Lexer { return o }

// withoutTimeouts is the rules of lexer l with one more, first, that lifts the time limit
// of all of them when chroma compiles them.
func withoutTimeouts(l *chroma.RegexLexer, name string) chroma.Rules {
	rules, err := l.Rules()
	out := chroma.Rules{}
	if err != nil {
		return out // as chroma's own lexer fails, with no rules
	}
	for state, rs := range rules {
		out[state] = slices.Clone(rs)
	}
	out["root"] = append([]chroma.Rule{{Pattern: "", Mutator: liftTimeouts{name}}}, out["root"]...)
	return out
}

// liftTimeouts is the rule withoutTimeouts adds: when the lexer is compiled, it lifts the
// time limit of every rule, and takes itself out, so it never matches.
type liftTimeouts struct{ lexer string }

func (liftTimeouts) Mutate(*chroma.LexerState) error { return nil }

func (t liftTimeouts) MutateLexer(rules chroma.CompiledRules, state string, i int) error {
	n := 0
	for _, rs := range rules {
		for _, r := range rs {
			if r.Regexp != nil {
				r.Regexp.MatchTimeout = regexp2.DefaultMatchTimeout // no limit
				n++
			}
		}
	}
	rules[state] = slices.Delete(rules[state], i, i+1)
	liftedFor.Store(t.lexer, n)
	return nil
}

// liftedFor records, by lexer name, how many rules had their time limit lifted: for tests.
var liftedFor sync.Map
