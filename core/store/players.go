package store

import (
	"database/sql"
	"errors"
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

const playerColumns = `id, name, member_no, email, created_at`

func scanPlayer(s scanner) (event.Player, error) {
	var p event.Player
	err := s.Scan(&p.ID, &p.Name, textCol{&p.MemberNo}, &p.Email, timeCol{&p.CreatedAt})
	return p, err
}

// CreatePlayer saves a new player in the directory and sets p.ID;
// p.CreatedAt is kept as given. A member number already in the directory is
// an event.ErrConflict naming its holder.
func (t *Tx) CreatePlayer(p *event.Player) error {
	t.changed(0, storage.ChangeDirectory)
	if err := p.Validate(); err != nil {
		return fmt.Errorf("store: create player: %w", err)
	}
	res, err := t.exec(`INSERT INTO players (name, name_fold, member_no, email, created_at)
		VALUES (?, ?, ?, ?, ?)`,
		p.Name, event.FoldName(p.Name), optString(p.MemberNo), p.Email, millis(p.CreatedAt))
	if isUnique(err) {
		err = t.memberNoConflict(p.MemberNo, 0)
	}
	if err != nil {
		return fmt.Errorf("store: create player: %w", err)
	}
	p.ID = event.PlayerID(lastID(res))
	return nil
}

// UpdatePlayer saves a changed name, member number or email.
func (t *Tx) UpdatePlayer(p event.Player) error {
	t.changed(0, storage.ChangeDirectory)
	if err := p.Validate(); err != nil {
		return fmt.Errorf("store: update player %d: %w", p.ID, err)
	}
	res, err := t.exec(`UPDATE players SET name = ?, name_fold = ?, member_no = ?, email = ? WHERE id = ?`,
		p.Name, event.FoldName(p.Name), optString(p.MemberNo), p.Email, p.ID)
	if isUnique(err) {
		err = t.memberNoConflict(p.MemberNo, p.ID)
	}
	err = updated(res, err, func() error { return noPlayer(p.ID) })
	if err != nil {
		return fmt.Errorf("store: update player %d: %w", p.ID, err)
	}
	return nil
}

// memberNoConflict says who already holds member number no (other than
// player self).
func (t *Tx) memberNoConflict(no string, self event.PlayerID) error {
	var name string
	err := t.queryRow(`SELECT name FROM players WHERE member_no = ? AND id <> ?`, no, self).Scan(&name)
	if err != nil {
		return event.Conflictf("member number %s is already in use", no)
	}
	return event.Conflictf("member number %s already belongs to %s", no, name)
}

func noPlayer(id event.PlayerID) error {
	return event.NotFoundf("there is no player with ID %d in the directory", id)
}

// Player returns the player with that ID.
func (t *Tx) Player(id event.PlayerID) (event.Player, error) {
	p, err := scanPlayer(t.queryRow(`SELECT `+playerColumns+` FROM players WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = noPlayer(id)
	}
	if err != nil {
		return event.Player{}, fmt.Errorf("store: player %d: %w", id, err)
	}
	return p, nil
}

// PlayerByMemberNo finds the player with that exact member number.
func (t *Tx) PlayerByMemberNo(memberNo string) (event.Player, error) {
	p, err := scanPlayer(t.queryRow(`SELECT `+playerColumns+` FROM players WHERE member_no = ?`, memberNo))
	if errors.Is(err, sql.ErrNoRows) {
		err = event.NotFoundf("no player has member number %s", memberNo)
	}
	if err != nil {
		return event.Player{}, fmt.Errorf("store: player by member number: %w", err)
	}
	return p, nil
}

// FindPlayers returns up to limit players whose name or member number
// contains query, folded as every name search folds (event.FoldName: "zoe"
// finds "Zoë"), names that start with it first, then by name. An empty
// query lists the directory by name. A limit of zero or less means no
// limit.
func (t *Tx) FindPlayers(query string, limit int) ([]event.Player, error) {
	q := event.FoldName(query)
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	// instr rather than LIKE: a % or _ typed in the search box is
	// searched for, not a wildcard.
	players, err := queryAll(t, scanPlayer,
		`SELECT `+playerColumns+` FROM players
		WHERE instr(name_fold, ?1) > 0 OR instr(lower(coalesce(member_no, '')), ?1) > 0
		ORDER BY instr(name_fold, ?1) = 1 DESC, name_fold, name, id
		LIMIT ?2`, q, limit)
	if err != nil {
		return nil, fmt.Errorf("store: find players: %w", err)
	}
	return players, nil
}
