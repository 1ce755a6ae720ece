module docsite

go 1.26
