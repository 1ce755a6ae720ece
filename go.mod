module docsite

go 1.26.0

require (
	github.com/nicksnyder/go-i18n/v2 v2.7.0
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/text v0.43.0
)

require golang.org/x/tools v0.52.0 // indirect
