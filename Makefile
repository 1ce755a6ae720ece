# The targets are the words of the README; CI runs `make test` and `make check`.
GO ?= go
DEST ?= public
FUZZTIME ?= 30s

.PHONY: site test check bench bench-hugo fuzz serve deps

site: ## build public/ from the bundled content, with the translators' review under public/_review/
	$(GO) run ./cmd/docsite build -source . -dest $(DEST) -review

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

bench: ## per-stage benchmarks (load, parse, normalise, align, render, write, search index: reading bodies, cutting terms, building; a first query), whole builds with and without search at 1,000 and 10,000 pages per language, rebuilds with the build cache, live edits; pathological pages (100,000 headings, a 4 MB line of links, deeply nested shortcodes), whose cost must grow linearly
	$(GO) test ./internal/build -run '^$$' -bench 'Load|Parse|Normalise|Align|Render|Shell' -benchmem -benchtime 300x
	$(GO) test ./internal/markdown -run '^$$' -bench ParsePage -benchmem
	$(GO) test ./internal/review -run '^$$' -bench PageAndWrite -benchmem -benchtime 15x
	$(GO) test ./internal/search -run '^$$' -bench 'Sections|Prepare' -benchmem
	$(GO) test ./internal/search -run '^$$' -bench 'BuildIndex|FirstQuery' -benchmem -benchtime 3x
	$(GO) test ./internal/build -run '^$$' -bench 'Write|Build' -benchmem -benchtime 3x -timeout 60m
	$(GO) test ./internal/build -run '^$$' -bench 'LiveEdit' -benchmem -benchtime 20x -timeout 60m
	$(GO) test ./cmd/docsite -run '^$$' -bench EditToReload -benchtime 20x -timeout 60m
	$(GO) test ./internal/outline -run '^$$' -bench Headings -benchmem
	$(GO) test ./internal/markdown -run '^$$' -bench TagLine -benchmem -benchtime 3x
	$(GO) test ./internal/build -run '^$$' -bench 'LinkLine|NestedShortcodes' -benchmem -benchtime 3x

bench-hugo: ## docsite against Hugo and the goldmark floor on the same corpus, output on disk and tmpfs, fresh builds and rebuilds (installs Debian's hugo if missing)
	command -v hugo >/dev/null || (apt-get update -qq && apt-get install -y -qq hugo)
	command -v /usr/bin/time >/dev/null 2>&1 || apt-get install -y -qq time
	$(GO) build -o out/bench/docsite ./cmd/docsite
	$(GO) build -o out/bench/benchcompare ./cmd/benchcompare
	out/bench/benchcompare -sizes 1000,10000 -runs 5 -hugo $$(command -v hugo) -docsite out/bench/docsite \
	  -out $(CURDIR)/out/bench/sites,/dev/shm/docsite-bench-sites -scenarios fresh,noop,body,title

serve: ## preview with live reload on http://127.0.0.1:1313/
	$(GO) run ./cmd/docsite serve -source .

deps: ## install what a fresh Debian machine lacks (chromium, Java, npm tools)
	bash .ci/install-deps
