package route

// The catalog's pages: the same paths in every language.

// GPUs is the site path of the list of GPUs in language lang.
func GPUs(lang string) string { return "/" + lang + "/gpus/" }

// GPU is the site path of the page of GPU id in language lang.
func GPU(lang, id string) string { return "/" + lang + "/gpus/" + id + "/" }

// Provider is the site path of the page of provider id in language lang.
func Provider(lang, id string) string { return "/" + lang + "/providers/" + id + "/" }

// Pricing is the site path of the price comparison in language lang.
func Pricing(lang string) string { return "/" + lang + "/pricing/" }
