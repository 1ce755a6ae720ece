package corpus

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Sections: the corpus is laid out as a Hugo site is, every folder a section with an
// _index.md that gives its title, weight and a short introduction, in every language.

// sectionNames title the folders, by folder name.
var sectionNames = map[string]tr{
	"compute":         {"Compute", "计算", "コンピューティング"},
	"gpu":             {"GPU instances", "GPU 实例", "GPUインスタンス"},
	"training":        {"Training", "训练", "学習"},
	"inference":       {"Inference", "推理", "推論"},
	"storage":         {"Storage", "存储", "ストレージ"},
	"volumes":         {"Volumes", "云盘", "ボリューム"},
	"network":         {"Networking", "网络", "ネットワーク"},
	"vpc":             {"VPC", "私有网络", "VPC"},
	"peering":         {"Peering", "对等连接", "ピアリング"},
	"billing":         {"Billing", "计费", "課金"},
	"guides":          {"Guides", "指南", "ガイド"},
	"getting-started": {"Getting started", "快速入门", "はじめに"},
	"drivers":         {"Drivers", "驱动", "ドライバ"},
	"cuda":            {"CUDA", "CUDA", "CUDA"},
	"faq":             {"FAQ", "常见问题", "よくある質問"},
}

var sectionIntro = tr{
	"This section covers %s: what it offers and how to use it.",
	"本节介绍%s：它提供什么以及如何使用。",
	"このセクションでは%sについて、その内容と使い方を説明します。",
}

// sectionDirs are every folder pages land in and every folder above them, sorted.
func sectionDirs() []string {
	var out []string
	for _, d := range dirs {
		for ; d != "."; d = path.Dir(d) {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	slices.Sort(out)
	return out
}

// SectionFiles returns the _index.md of every section in every language.
func SectionFiles() []File {
	var files []File
	for weight, d := range sectionDirs() {
		name, ok := sectionNames[path.Base(d)]
		if !ok {
			panic("corpus: no name for section " + d) // the tables above are out of step
		}
		for lang, code := range Languages {
			var b bytes.Buffer
			fmt.Fprintf(&b, "+++\ntitle = %s\nweight = %d\n+++\n\n", tomlString(name[lang]), weight+1)
			fmt.Fprintf(&b, sectionIntro[lang]+"\n", strings.ToLower(name[lang]))
			files = append(files, File{Lang: code, Path: path.Join(d, "_index.md"), Data: b.Bytes()})
		}
	}
	return files
}
