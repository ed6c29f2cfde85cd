"""Small modal dialogs that return a value (``push_screen(dialog, callback)``)."""
