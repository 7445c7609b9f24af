// The GestureEngine module; see docs/architecture.md.
