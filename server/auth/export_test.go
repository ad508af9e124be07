package auth

// SetOnIdle replaces what a budget does once it has stayed idle (for tests).
func SetOnIdle(b *Budget, f func()) { b.onIdle = f }
