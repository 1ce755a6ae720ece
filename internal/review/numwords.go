package review

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"docsite/internal/outline"
)

// Numbers are written in words as often as in digits, and not the same way in every
// language: "a dozen" becomes "12", "1 million" becomes "100万", "a decade" becomes "十年".
// Before two aligned texts' numbers are compared, each side's numbers written in words or
// CJK numerals are read, from a small table per language; a number of one side that the
// other side writes that way is not a difference, and neither are the digits of "100" in
// "100万". Where only one side has numbers the other lacks, and the other holds number
// words the table cannot read ("数十", "several dozen"), it is not reported: it may well
// be one of them.

// numberWords are, per language (its folder code's primary subtag), the words that stand
// for a number, lower case.
var numberWords = map[string]map[string]float64{
	"en": {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
		"seventeen": 17, "eighteen": 18, "nineteen": 19, "dozen": 12, "twenty": 20, "thirty": 30, "forty": 40,
		"fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1e3,
		"million": 1e6, "billion": 1e9, "decade": 10, "century": 100,
		// Months, which other languages write as numbers (November 10 → 11月10日).
		"october": 10, "november": 11, "december": 12},
	"fr": {"dix": 10, "douze": 12, "douzaine": 12, "vingt": 20, "trente": 30, "cent": 100, "mille": 1e3,
		"million": 1e6, "millions": 1e6, "milliard": 1e9, "milliards": 1e9, "décennie": 10, "siècle": 100},
	"es": {"diez": 10, "doce": 12, "docena": 12, "veinte": 20, "treinta": 30, "cien": 100, "mil": 1e3,
		"millón": 1e6, "millones": 1e6, "década": 10, "siglo": 100},
	"pt": {"dez": 10, "doze": 12, "dúzia": 12, "vinte": 20, "trinta": 30, "cem": 100, "mil": 1e3,
		"milhão": 1e6, "milhões": 1e6, "bilhão": 1e9, "bilhões": 1e9, "década": 10, "século": 100},
	"ro": {"zece": 10, "doisprezece": 12, "duzină": 12, "douăzeci": 20, "sută": 100, "mie": 1e3, "mii": 1e3,
		"milion": 1e6, "milioane": 1e6, "miliard": 1e9, "deceniu": 10, "secol": 100},
	"pl": {"dziesięć": 10, "dwanaście": 12, "tuzin": 12, "dwadzieścia": 20, "sto": 100, "tysiąc": 1e3,
		"tysiące": 1e3, "tysięcy": 1e3, "milion": 1e6, "miliony": 1e6, "milionów": 1e6, "miliard": 1e9, "dekada": 10, "wiek": 100},
	"uk": {"десять": 10, "дванадцять": 12, "дюжина": 12, "двадцять": 20, "сто": 100, "тисяча": 1e3,
		"тисячі": 1e3, "тисяч": 1e3, "мільйон": 1e6, "мільйони": 1e6, "мільйонів": 1e6, "мільярд": 1e9, "десятиліття": 10, "століття": 100},
}

// vagueWords are words for an unsaid number ("dozens", "数十"): a side that holds one may
// mean any number.
var vagueWords = []string{"dozens", "hundreds", "thousands", "millions", "several", "数十", "数百", "数千",
	"数万", "几十", "几百", "几千", "수십", "수백", "수천", "douzaines", "centaines", "milliers", "decenas",
	"centenas", "cientos", "miles", "dezenas", "centenas", "milhares", "zeci", "sute", "dziesiątki", "setki",
	"tysiące", "десятки", "сотні", "тисячі"}

// cjkDigits are the CJK numerals of the digits, and cjkUnits the multipliers.
var (
	cjkDigits = map[rune]float64{'〇': 0, '零': 0, '一': 1, '二': 2, '两': 2, '兩': 2, '三': 3, '四': 4, '五': 5,
		'六': 6, '七': 7, '八': 8, '九': 9}
	cjkUnits = map[rune]float64{'十': 10, '百': 100, '千': 1e3, '万': 1e4, '萬': 1e4, '億': 1e8, '亿': 1e8,
		'兆': 1e12, '만': 1e4, '억': 1e8, '천': 1e3, '백': 100, '십': 10}
	// digitsThenUnits is a number in digits followed by multipliers: "100万", "1.5 億", "3천".
	digitsThenUnits = regexp.MustCompile(`(\d[\d,]*(?:\.\d+)?)\s?([十百千万萬億亿兆만억천백]+)`)
	// digitsThenWord is a number in digits followed by a word, for "1.5 million".
	digitsThenWord = regexp.MustCompile(`(\d[\d,]*(?:\.\d+)?)\s(\p{L}+)`)
	// digitsThenSuffix is a number with a metric suffix: "7.3K", "40M", "2B".
	digitsThenSuffix = regexp.MustCompile(`\b(\d+(?:\.\d+)?)([kmb])\b`)
	// groupedBySpace and groupedByDot are thousands written in groups: "300 000" (a space,
	// no-break or narrow no-break space) and, in languages that group with a dot, "1.000".
	groupedBySpace = regexp.MustCompile(`\b(\d{1,3})(?:[ \x{a0}\x{202f}]\d{3})+\b`)
	groupedByDot   = regexp.MustCompile(`\b(\d{1,3})(?:\.\d{3})+\b`)
	// radix is a base written with digits: "16進" (hexadecimal), "10진법"; not a quantity.
	radix = regexp.MustCompile(`(\d+)\s?(?:進|进|진)`)
	// decimalComma is a decimal written with a comma, in the languages that do: "3,3".
	decimalComma = regexp.MustCompile(`\b(\d+),(\d{1,2}|\d{4,})\b`)
	// tenths are Japanese tenths: "6割" is 6 in 10.
	tenths = regexp.MustCompile(`(\d+)\s?割`)
	// clock is a time of day with a colon, which others write without: 06:00 is 0600.
	clock = regexp.MustCompile(`\b(\d{1,2}):(\d{2})\b`)
	// hour is an hour of the day in Chinese or Japanese, "午前6時", which English writes
	// "0600" or "6:00".
	hour = regexp.MustCompile(`(\d{1,2})\s?[時时点點]`)
	// joined are digits a word holds, joined by a hyphen: "catch-22", "COVID-19"; part of
	// a name, not a quantity the translation must say.
	joined = regexp.MustCompile(`\p{L}-(\d+)\b`)
	// ordinal is a number with an ordinal suffix of Bengali or Hindi: "৯৫তম", 95th.
	ordinal = regexp.MustCompile(`(\d+)\s?(?:তম|ম|য়|র্থ|ষ্ঠ|वाँ|वां|वें|वीं)`)
	// bareFraction is a decimal written without its zero: ".5" is 0.5.
	bareFraction = regexp.MustCompile(`(?:^|[^\w.])\.(\d+)\b`)
	// scaledRange is a range whose scale word follows its second end: "500-600 thousand",
	// "three to four thousand": the first end is scaled too.
	scaledRange = regexp.MustCompile(`\b(\d+|one|two|three|four|five|six|seven|eight|nine)\s?(?:-|–|to)\s?(\d+|one|two|three|four|five|six|seven|eight|nine)\s(thousand|million|billion)\b`)
	// compound is an English number word of tens and units, "thirty-two".
	compound   = regexp.MustCompile(`\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b`)
	cjkNumeral = regexp.MustCompile(`[〇零一二两兩三四五六七八九十百千万萬億亿兆]+`)
	word       = regexp.MustCompile(`\p{L}+`)
)

// englishUnits are the English words for one to nine, which compound and scaledRange read
// (numberWords has none below ten); made once, not at every call.
var englishUnits = map[string]float64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

// wordNumbers reads the numbers a text writes in words or with CJK numerals, in language
// lang (a folder code): their values, the digits that only make part of one ("100" of
// "100万"), and whether the text holds words for a number the table cannot read.
type wordNumbers struct {
	values []float64
	parts  []float64
	vague  bool
}

func readWordNumbers(text, lang string) wordNumbers {
	var w wordNumbers
	lower := strings.ToLower(asciiDigits(outline.Fold(text)))
	words := numberWords[primary(lang)]
	for _, m := range digitsThenUnits.FindAllStringSubmatch(lower, -1) {
		v := mustFloat(m[1])
		for _, r := range m[2] {
			v *= cjkUnits[r]
		}
		w.values, w.parts = append(w.values, v), append(w.parts, mustFloat(m[1]))
	}
	for _, m := range digitsThenWord.FindAllStringSubmatch(lower, -1) {
		if mult, ok := words[m[2]]; ok && mult >= 100 {
			w.values, w.parts = append(w.values, mustFloat(m[1])*mult), append(w.parts, mustFloat(m[1]))
		}
	}
	for _, m := range digitsThenSuffix.FindAllStringSubmatch(lower, -1) {
		mult := map[string]float64{"k": 1e3, "m": 1e6, "b": 1e9}[m[2]]
		w.values, w.parts = append(w.values, mustFloat(m[1])*mult), append(w.parts, mustFloat(m[1]))
	}
	for _, m := range radix.FindAllStringSubmatch(lower, -1) {
		w.parts = append(w.parts, mustFloat(m[1]))
	}
	if commaDecimal[primary(lang)] {
		for _, m := range decimalComma.FindAllStringSubmatch(lower, -1) {
			w.values = append(w.values, mustFloat(m[1]+"."+m[2]))
		}
	}
	for range tenths.FindAllStringSubmatch(lower, -1) {
		w.values = append(w.values, 10)
	}
	for _, m := range clock.FindAllStringSubmatch(lower, -1) {
		w.values = append(w.values, mustFloat(m[1]+m[2]))
	}
	for _, m := range joined.FindAllStringSubmatch(lower, -1) {
		w.parts = append(w.parts, mustFloat(m[1]))
	}
	for _, m := range ordinal.FindAllStringSubmatch(lower, -1) {
		w.values = append(w.values, mustFloat(m[1]))
	}
	for _, m := range hour.FindAllStringSubmatch(lower, -1) {
		w.values = append(w.values, mustFloat(m[1])*100)
	}
	for _, m := range bareFraction.FindAllStringSubmatch(lower, -1) {
		w.values = append(w.values, mustFloat("0."+m[1]))
	}
	if primary(lang) == "en" {
		for _, m := range compound.FindAllStringSubmatch(lower, -1) {
			w.values = append(w.values, words[m[1]]+englishUnits[m[2]])
		}
		for _, m := range scaledRange.FindAllStringSubmatch(lower, -1) {
			for _, end := range m[1:3] {
				v, ok := englishUnits[end]
				if !ok {
					v = mustFloat(end)
					w.parts = append(w.parts, v)
				}
				w.values = append(w.values, v*words[m[3]])
			}
		}
	}
	grouped := []*regexp.Regexp{groupedBySpace}
	if groupsByDot[primary(lang)] {
		grouped = append(grouped, groupedByDot)
	}
	for _, re := range grouped {
		for _, m := range re.FindAllStringSubmatch(lower, -1) {
			digits := strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return r
				}
				return -1
			}, m[0])
			w.values, w.parts = append(w.values, mustFloat(digits)), append(w.parts, mustFloat(m[1]))
		}
	}
	for _, x := range word.FindAllString(lower, -1) {
		if v, ok := words[x]; ok {
			w.values = append(w.values, v)
		}
	}
	for _, x := range cjkNumeral.FindAllString(lower, -1) {
		if v, ok := cjkValue(x); ok && v >= 10 {
			w.values = append(w.values, v)
		}
	}
	for _, x := range vagueWords {
		if strings.Contains(lower, x) {
			w.vague = true
			break
		}
	}
	return w
}

// asciiDigits writes the decimal digits of other scripts (Bengali ৯৫, Devanagari, Arabic-
// Indic) as ASCII ones, which the number comparison reads.
func asciiDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r <= unicode.MaxASCII || !unicode.Is(unicode.Nd, r) {
			return r
		}
		// Digits come in runs of ten, zero first, some runs right after others.
		first := r
		for unicode.Is(unicode.Nd, first-1) {
			first--
		}
		return '0' + (r-first)%10
	}, s)
}

// cjkValue reads a run of CJK numerals: "二十" = 20, "三百五十" = 350, "十" = 10,
// "一万二千" = 12000.
func cjkValue(s string) (float64, bool) {
	var total, section, digit float64
	seen := false
	for _, r := range s {
		if d, ok := cjkDigits[r]; ok {
			digit, seen = d, true
			continue
		}
		u := cjkUnits[r]
		switch {
		case u >= 1e4:
			total += (section + digit) * u
			section, digit = 0, 0
		default:
			if digit == 0 {
				digit = 1 // "十" alone is ten
			}
			section += digit * u
			digit = 0
		}
		seen = true
	}
	return total + section + digit, seen && utf8.RuneCountInString(s) > 0
}

// groupsByDot are the languages that write thousands grouped by dots: "1.000".
var groupsByDot = map[string]bool{"es": true, "pt": true, "ro": true, "it": true, "de": true, "nl": true, "id": true, "tr": true}

// commaDecimal are the languages that write decimals with a comma: "3,3".
var commaDecimal = map[string]bool{"fr": true, "es": true, "pt": true, "ro": true, "pl": true, "uk": true,
	"ru": true, "de": true, "it": true, "nl": true, "id": true, "tr": true, "cs": true}

func mustFloat(s string) float64 {
	v, _ := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return v
}

// primary is a language code's first subtag: "pt" of "pt-BR".
func primary(lang string) string {
	lang, _, _ = strings.Cut(strings.ToLower(lang), "-")
	lang, _, _ = strings.Cut(lang, "_")
	return lang
}

// explained drops from only (the numbers one side has and the other lacks) those the other
// side writes in words (other.values), and those that are part of a number this side writes
// with a multiplier (own.parts).
func explained(only []outline.Number, own, other wordNumbers) []outline.Number {
	var out []outline.Number
	for _, n := range only {
		v, err := strconv.ParseFloat(n.Value, 64)
		if err == nil && (containsFloat(other.values, v) || containsFloat(own.parts, v)) {
			continue
		}
		out = append(out, n)
	}
	return out
}

func containsFloat(vs []float64, v float64) bool {
	for _, x := range vs {
		if x == v || (x != 0 && abs(x-v)/abs(x) < 1e-9) {
			return true
		}
	}
	return false
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
