package web

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
)

// qrRoutes serve the QR codes of the network's addresses and the
// printable poster.
func (s *Server) qrRoutes() []route {
	return []route{
		{"GET /qr.svg", s.qrRoot},
		{"GET /events/{id}/qr.svg", s.qrEvent("svg")},
		{"GET /events/{id}/qr.png", s.qrEvent("png")},
		{"GET /events/{id}/poster.pdf", s.poster},
	}
}

// baseURL is the address players are given; without a configured or
// listening address, the one the request came to.
func (s *Server) baseURL(r *http.Request) string {
	if u := s.URL(); u != "" {
		return u
	}
	return "http://" + r.Host + "/"
}

// eventURL is the address of an event's page.
func (s *Server) eventURL(r *http.Request, id int64) string {
	return strings.TrimSuffix(s.baseURL(r), "/") + "/events/" + strconv.FormatInt(id, 10)
}

func (s *Server) qrRoot(w http.ResponseWriter, r *http.Request) {
	s.sendQR(w, r, s.baseURL(r), "svg")
}

func (s *Server) qrEvent(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.withBoard(w, r, func(b director.Board) {
			s.sendQR(w, r, s.eventURL(r, int64(b.Event().ID)), kind)
		})
	}
}

// sendQR answers with the QR code of text as SVG or as a 512-pixel PNG.
func (s *Server) sendQR(w http.ResponseWriter, r *http.Request, text, kind string) {
	var (
		body []byte
		err  error
	)
	if kind == "png" {
		body, err = reports.QRPNG(text, 512)
		w.Header().Set("Content-Type", "image/png")
	} else {
		body, err = reports.QRSVG(text)
		w.Header().Set("Content-Type", "image/svg+xml")
	}
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	newBlob(body).write(w, r)
}

// poster answers with the event's printable poster (PDF).
func (s *Server) poster(w http.ResponseWriter, r *http.Request) {
	s.withBoard(w, r, func(b director.Board) {
		e := b.Event()
		var buf bytes.Buffer
		l := langOf(r)
		p := reports.Poster{EventName: e.Name, Game: rules.DescribeText(e.Game, e.Format).In(l), Address: s.eventURL(r, int64(e.ID)),
			Others: s.elsewhere("/events/" + strconv.FormatInt(int64(e.ID), 10))}
		if err := reports.WritePoster(&buf, p, reports.Options{Paper: s.cfg.Paper, Lang: l}); err != nil {
			s.failErr(w, r, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/pdf")
		h.Set("Content-Disposition", `inline; filename="poster.pdf"`)
		h.Set("Cache-Control", "no-cache")
		_, _ = w.Write(buf.Bytes())
	})
}
