package events

import "tablekeeper/ui/internal/tr"

// ConfirmResultsLabel is the check box of Settings.PlayersConfirmResults,
// under the phone reports' approval.
var ConfirmResultsLabel = tr.K("Both players confirm results on their phones")

// confirmResultsHint says beside it what it does.
var confirmResultsHint = tr.K("Each player reports the result from her own phone, signed in with her player code; it is recorded when both say the same. Different results, or one side silent when time is up, wait in the Round tab's Phone reports list. A table's code alone is then refused: slips are typed at the desk.")
