// Package gpu owns the GPU, provider and offer data: loading, validation, price normalisation, formatting, mention linking.
//
// # Data
//
// The data lives in TOML files in one directory (content/data): [[gpu]], [[provider]] and [[offer]]
// records and one [rate] table, in any file, read in file-name order. Decoding is strict: an
// unknown key is an error naming file:line. Numbers are written as strings ("1511.10") so that the
// catalog keeps them as the seed wrote them, reports a malformed one at its line, and can check
// that every figure appears on the seed line it cites (its provenance, "content/zh/x.md:84").
//
// # Pipeline
//
// Load reads and decodes the files, converts records into typed values, then validates: errors for
// unknown ids, duplicate ids, malformed numbers and provenance that does not hold; warnings (code
// "data-inconsistent") for garbled source cells, missing prices, GPU memory that does not add up and
// same configurations at different prices. Normalisation turns every priced offer into USD per
// GPU-hour (a month is 730 hours, CNY at the one rate in the data) and USD per FP32 TFLOPS-hour.
// The view functions (GPUsView, GPUView, ProviderView, PricingView) build per-language, sorted,
// formatted view models for the templates in templates/gpu. The mention linker is a goldmark
// AST transformer that links GPU names in content pages to their pages and records where they were;
// LinkTables does the same in the cells of normalised tables, which goldmark does not see. The
// pages' URLs are package route's (paths.go). Package gpu/catalog puts these together as the
// module a build loads when the site has GPU data.
package gpu
