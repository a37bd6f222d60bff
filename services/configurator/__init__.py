"""The product configurator (docs/spec.md section 2.13): configurators with angles, layers,
choices and rules; validating and pricing builds; content-addressed share links."""
