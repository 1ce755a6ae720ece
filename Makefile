# The targets are the words of the README; CI runs `make test` and `make check`.
GO ?= go
DEST ?= public

.PHONY: site test check bench bench-hugo fuzz serve deps

site: ## build public/ from the bundled content
	$(GO) run ./cmd/docsite build -source . -dest $(DEST)

test: ## vet and all tests with the race detector
	$(GO) vet ./...
	$(GO) test -race ./...

serve: ## preview with live reload on http://127.0.0.1:1313/
	$(GO) run ./cmd/docsite serve -source .

deps: ## install what a fresh Debian machine lacks (chromium, Java, npm tools)
	bash .ci/install-deps
