package browser

import _ "embed"

//go:embed js/describe.js
var describeJS string

//go:embed js/layout.js
var layoutJS string

//go:embed js/lang.js
var langJS string

// probe wraps a script from js/ so that it can use describe without leaving globals behind.
func probe(body string) string {
	return "(() => {\n" + describeJS + "\nreturn (\n" + body + "\n);\n})()"
}
