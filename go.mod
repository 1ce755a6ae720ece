module docsite

go 1.26.0

require (
	github.com/PuerkitoBio/goquery v1.13.0
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/yuin/goldmark v1.8.7
	golang.org/x/net v0.58.0
	golang.org/x/text v0.43.0
)

require github.com/andybalholm/cascadia v1.3.4 // indirect
