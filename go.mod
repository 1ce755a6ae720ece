module docsite

go 1.26.0

require (
	github.com/fsnotify/fsnotify v1.10.1
	golang.org/x/text v0.43.0
)

require golang.org/x/sys v0.13.0 // indirect
