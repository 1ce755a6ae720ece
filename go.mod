module docsite

go 1.26

require github.com/pelletier/go-toml/v2 v2.4.3

require github.com/yuin/goldmark v1.8.7 // indirect
