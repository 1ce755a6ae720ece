# The targets are the words of the README; CI runs `make test` and `make check`.
GO ?= go
DEST ?= public
FUZZTIME ?= 30s

.PHONY: site test check bench bench-hugo fuzz serve deps

site: ## build public/ from the bundled content
	$(GO) run ./cmd/docsite build -source . -dest $(DEST)

test: ## vet and all tests with the race detector
	$(GO) vet ./...
	$(GO) test -race ./...

check: site ## validate the built site: Nu Html Checker, axe in chromium (light and dark), links, screenshots
	bash .ci/install-deps
	$(GO) run ./cmd/sitecheck -dir $(DEST) -base https://gpu-docs.example.org/ -screenshots out/screenshots
	$(GO) run ./cmd/docsite build -source . -dest out/subpath -baseurl https://gpu-docs.example.org/sub/
	$(GO) run ./cmd/sitecheck -dir out/subpath -base https://gpu-docs.example.org/sub/ -no-vnu -no-browser

fuzz: ## run every fuzz target of the project for FUZZTIME each (Go fuzzes one target per run)
	@for p in $$($(GO) list ./internal/...); do \
	  for t in $$($(GO) test $$p -list '^Fuzz' | grep '^Fuzz'); do \
	    echo "fuzz $$p $$t"; $(GO) test $$p -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) || exit 1; \
	  done; \
	done

serve: ## preview with live reload on http://127.0.0.1:1313/
	$(GO) run ./cmd/docsite serve -source .

deps: ## install what a fresh Debian machine lacks (chromium, Java, npm tools)
	bash .ci/install-deps
