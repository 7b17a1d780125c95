package deck

import "tablekeeper/core/i18n"

// ListHint says how a list of format f is written, for the field that
// takes it: what its check reads (K2, K3: a KeyForge deck's name, set and
// houses come first), not one card per line for every game.
func (f Format) ListHint() i18n.Text {
	switch f {
	case FormatArchonStandard, FormatArchonSealed:
		return i18n.F("the deck's name on the first line, then a “Set:” line and a “Houses:” line with its three houses, then the cards, like “1 Card Name”")
	case FormatAllianceStandard, FormatAllianceSealed:
		return i18n.F("a “Pod:” line for each house, like “Pod: Dis from Deck Name”, then each Archon deck after a “---” line: its name, its “Set:” and “Houses:” lines, then its cards")
	}
	return i18n.F("one card per line, like “3 Card Name”")
}

// ListExample is a short list of format f, shown in the empty field.
func (f Format) ListExample() i18n.Text {
	switch f {
	case FormatArchonStandard, FormatArchonSealed:
		return i18n.F("Deck Name\nSet: Call of the Archons\nHouses: Brobnar, Dis, Logos\n1 Card Name")
	case FormatAllianceStandard, FormatAllianceSealed:
		return i18n.F("Pod: Dis from Deck Name\nPod: Logos from Another Deck\nPod: Mars from Deck Name\n---\nDeck Name\nSet: Call of the Archons\nHouses: Dis, Mars, Sanctum\n1 Card Name")
	case FormatAlteredConstructed, FormatAlteredLimited:
		return i18n.F("Hero: Card Name\n3 Card Name\n2x Another Card")
	}
	return i18n.F("3 Card Name\n2x Another Card")
}
