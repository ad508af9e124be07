package tui

import "charm.land/lipgloss/v2"

// Styles are the looks of the TUI. Colours degrade by themselves on terminals with fewer
// colours and disappear without a terminal (NO_COLOR is honoured by the renderer).
type Styles struct {
	App         lipgloss.Style
	Brand       lipgloss.Style
	Tab         lipgloss.Style
	ActiveTab   lipgloss.Style
	TabGap      lipgloss.Style
	HeaderRight lipgloss.Style
	Rule        lipgloss.Style

	Title    lipgloss.Style
	Label    lipgloss.Style
	Value    lipgloss.Style
	Muted    lipgloss.Style
	Error    lipgloss.Style
	Warning  lipgloss.Style
	Info     lipgloss.Style
	Selected lipgloss.Style

	TableHeader   lipgloss.Style
	TableCell     lipgloss.Style
	TableSelected lipgloss.Style
}

// DefaultStyles returns the portal's styles (primary colour blue).
func DefaultStyles() *Styles {
	blue := lipgloss.Color("#3B82F6")
	gray := lipgloss.Color("245")
	red := lipgloss.Color("#EF4444")
	return &Styles{
		App:         lipgloss.NewStyle(),
		Brand:       lipgloss.NewStyle().Bold(true).Foreground(blue),
		Tab:         lipgloss.NewStyle().Foreground(gray),
		ActiveTab:   lipgloss.NewStyle().Bold(true).Foreground(blue),
		TabGap:      lipgloss.NewStyle().Foreground(gray),
		HeaderRight: lipgloss.NewStyle().Foreground(gray),
		Rule:        lipgloss.NewStyle().Foreground(lipgloss.Color("238")),

		Title:    lipgloss.NewStyle().Bold(true),
		Label:    lipgloss.NewStyle().Foreground(gray),
		Value:    lipgloss.NewStyle(),
		Muted:    lipgloss.NewStyle().Foreground(gray),
		Error:    lipgloss.NewStyle().Foreground(red),
		Warning:  lipgloss.NewStyle().Foreground(lipgloss.Color("#F59E0B")),
		Info:     lipgloss.NewStyle().Foreground(gray),
		Selected: lipgloss.NewStyle().Bold(true).Foreground(blue),

		TableHeader:   lipgloss.NewStyle().Bold(true),
		TableCell:     lipgloss.NewStyle(),
		TableSelected: lipgloss.NewStyle().Bold(true).Foreground(blue),
	}
}
