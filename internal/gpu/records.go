package gpu

// The TOML shapes of the data files. They mirror the files, not the model: numbers are strings,
// sources are "file:line" strings, and convert.go turns them into typed values.

type dataFile struct {
	Rate     *rateRecord      `toml:"rate"`
	GPU      []gpuRecord      `toml:"gpu"`
	Provider []providerRecord `toml:"provider"`
	Offer    []offerRecord    `toml:"offer"`
	// Brands are the words that may precede a model name, by language code ("all": every
	// language); Symbols the currency signs a language writes differently from CLDR's,
	// by language code and ISO code.
	Brands  map[string][]string          `toml:"brands"`
	Symbols map[string]map[string]string `toml:"symbols"`
}

type rateRecord struct {
	Currency   string `toml:"currency"`
	PerUSD     string `toml:"per_usd"`
	Date       string `toml:"date"`
	Source     string `toml:"source"`
	URL        string `toml:"url"`
	Confidence string `toml:"confidence"`
}

type gpuRecord struct {
	ID               string         `toml:"id"`
	Name             string         `toml:"name"`
	Vendor           string         `toml:"vendor"`
	Mentions         []string       `toml:"mentions"`
	MemoryType       string         `toml:"memory_type"`
	MemoryTypeSource string         `toml:"memory_type_source"`
	Figures          []figureRecord `toml:"figures"`
	Note             string         `toml:"note"`
}

type figureRecord struct {
	Metric  string `toml:"metric"`
	Value   string `toml:"value"`
	PerGPUs int    `toml:"per_gpus"`
	Source  string `toml:"source"`
}

type providerRecord struct {
	ID string `toml:"id"`
	// Name is the provider's name by language code (the older keys name_en, name_zh and
	// name_ja are unknown keys, reported with what to write instead: decode.go).
	Name       map[string]string `toml:"name"`
	Unverified []string          `toml:"unverified"`
	URL        string            `toml:"url"`
	SeenAs     []seenRecord      `toml:"seen_as"`
	Note       string            `toml:"note"`
}

type seenRecord struct {
	Text   string `toml:"text"`
	Source string `toml:"source"`
}

type offerRecord struct {
	ID           string          `toml:"id"`
	Provider     string          `toml:"provider"`
	Family       string          `toml:"family"`
	FamilySource string          `toml:"family_source"`
	GPU          string          `toml:"gpu"`
	GPUText      string          `toml:"gpu_text"`
	GPUCount     string          `toml:"gpu_count"`
	GPUMemory    string          `toml:"gpu_memory"`
	VCPUs        string          `toml:"vcpus"`
	RAM          string          `toml:"ram"`
	Price        string          `toml:"price"`
	Currency     string          `toml:"currency"`
	Period       string          `toml:"period"`
	PriceBasis   string          `toml:"price_basis"`
	Source       string          `toml:"source"`
	Readings     []readingRecord `toml:"readings"`
	Note         string          `toml:"note"`
}

type readingRecord struct {
	Field    string `toml:"field"`
	Original string `toml:"original"`
	Reading  string `toml:"reading"`
	Why      string `toml:"why"`
	Source   string `toml:"source"`
	Flag     bool   `toml:"flag"`
}
