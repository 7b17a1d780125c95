package director

import (
	"errors"

	"tablekeeper/core/event"
)

func isNotFound(err error) bool { return errors.Is(err, event.ErrNotFound) }
