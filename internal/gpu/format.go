package gpu

import (
	"golang.org/x/text/currency"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Formatter formats numbers and money for one language with golang.org/x/text: the language's
// grouping and decimal separators and its currency symbols.
//
// One rule overrides the locale data: on Japanese pages "¥"/"￥" means yen, so a CNY amount is
// written "CN¥" there (x/text's Japanese symbol, "元", reads as a unit after the figure, not as a
// prefix). Chinese pages use the locale's "￥" for CNY and "US$" for USD.
type Formatter struct {
	p       *message.Printer
	symbols map[string]string // currency signs by ISO code that override CLDR's
}

// NewFormatter returns a Formatter for tag; symbols (which may be nil) are the currency
// signs the language writes its own way, by ISO code (the data's [symbols] table).
func NewFormatter(tag language.Tag, symbols map[string]string) Formatter {
	return Formatter{p: message.NewPrinter(tag), symbols: symbols}
}

// Number formats n with the decimals it was written with ("1511.10" stays two decimals).
func (f Formatter) Number(n Number) string {
	if !n.Stated() {
		return ""
	}
	return f.Fixed(n.Value, n.Decimals())
}

// Fixed formats x with exactly decimals digits after the point.
func (f Formatter) Fixed(x float64, decimals int) string {
	return f.p.Sprint(number.Decimal(x, number.MinFractionDigits(decimals), number.MaxFractionDigits(decimals)))
}

// Compact formats x with at most decimals digits after the point, dropping trailing zeros.
func (f Formatter) Compact(x float64, decimals int) string {
	return f.p.Sprint(number.Decimal(x, number.MaxFractionDigits(decimals)))
}

// Symbol is the currency sign for an ISO code ("CNY", "USD") on this language's pages.
func (f Formatter) Symbol(iso string) string {
	if s, ok := f.symbols[iso]; ok {
		return s
	}
	u, err := currency.ParseISO(iso)
	if err != nil {
		return iso
	}
	return f.p.Sprint(currency.Symbol(u))
}

// Money formats an amount as the source wrote it, with its currency sign: "CN¥12,660".
func (f Formatter) Money(n Number, iso string) string {
	if !n.Stated() {
		return ""
	}
	return f.Symbol(iso) + f.Number(n)
}

// USD formats a computed US dollar amount with two or three decimals ("$0.114", "$1.72").
func (f Formatter) USD(x float64) string {
	return f.Symbol("USD") + f.p.Sprint(number.Decimal(x, number.MinFractionDigits(2), number.MaxFractionDigits(3)))
}
