package account

import "strings"

// Device names what a login session was made from, as people recognise it ("Chrome on
// Windows", "portal CLI on Linux"), from its user agent. Only the common browsers and
// systems are told apart; the rest is "Unknown browser".
func Device(userAgent string) string {
	ua := userAgent
	var browser string
	switch {
	case ua == "":
		return "Unknown device"
	case strings.HasPrefix(ua, "portal-cli"):
		browser = "portal CLI"
	case strings.HasPrefix(ua, "portal-sdk"):
		browser = "Go SDK"
	case strings.HasPrefix(ua, "curl/"):
		browser = "curl"
	case strings.Contains(ua, "Edg/") || strings.Contains(ua, "EdgA/") || strings.Contains(ua, "EdgiOS/"):
		browser = "Edge"
	case strings.Contains(ua, "OPR/") || strings.Contains(ua, "Opera"):
		browser = "Opera"
	case strings.Contains(ua, "SamsungBrowser/"):
		browser = "Samsung Internet"
	case strings.Contains(ua, "Firefox/") || strings.Contains(ua, "FxiOS/"):
		browser = "Firefox"
	case strings.Contains(ua, "HeadlessChrome/"):
		browser = "Headless Chrome"
	case strings.Contains(ua, "Chrome/") || strings.Contains(ua, "CriOS/") || strings.Contains(ua, "Chromium/"):
		browser = "Chrome"
	case strings.Contains(ua, "Safari/") && strings.Contains(ua, "Version/"):
		browser = "Safari"
	case strings.HasPrefix(ua, "Go-http-client/"):
		browser = "Go program"
	default:
		browser = "Unknown browser"
	}
	var system string
	switch {
	case strings.Contains(ua, "iPhone"):
		system = "iPhone"
	case strings.Contains(ua, "iPad"):
		system = "iPad"
	case strings.Contains(ua, "Android"):
		system = "Android"
	case strings.Contains(ua, "Windows"):
		system = "Windows"
	case strings.Contains(ua, "CrOS"):
		system = "ChromeOS"
	case strings.Contains(ua, "Macintosh") || strings.Contains(ua, "Mac OS X"):
		system = "macOS"
	case strings.Contains(ua, "Linux") || strings.Contains(ua, "linux"):
		system = "Linux"
	case strings.Contains(ua, "darwin"):
		system = "macOS"
	case strings.Contains(ua, "windows"):
		system = "Windows"
	}
	if system == "" {
		return browser
	}
	return browser + " on " + system
}
