package serve_test

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"testing/fstest"

	"docsite/internal/config"
	"docsite/internal/serve"

	"golang.org/x/text/language"
)

// memoryBuilder stands in for the site builder: it builds a one-page site.
type memoryBuilder struct{}

func (memoryBuilder) Build(ctx context.Context, changed []string) (*serve.Site, error) {
	return &serve.Site{
		FS:        fstest.MapFS{"en/index.html": {Data: []byte("<html><body>Hello</body></html>")}},
		Languages: []config.Lang{{Code: "en", Tag: language.English}},
		BasePath:  "/",
	}, nil
}

// Run serves until Ctrl-C; the command turns its flags into Options.
func ExampleRun() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := serve.Options{Addr: serve.DefaultAddr, SourceDir: ".", Log: os.Stderr}
	if err := serve.Run(ctx, opts, memoryBuilder{}); err != nil {
		fmt.Fprintln(os.Stderr, "docsite serve:", err)
	}
}
