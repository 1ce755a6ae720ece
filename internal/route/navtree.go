package route

// NavTree is the site path of language lang's section tree as the sidebar's script reads
// it to unfold a section a page shows folded: /_nav/<lang>.json, one file a language,
// apart from the pages as the search index is (under a folder whose name starts with "_",
// which no page path has).
func NavTree(lang string) string { return "/" + navDir + "/" + lang + ".json" }
