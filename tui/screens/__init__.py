"""One screen per mode: menu, new match, match, replay, load, rules, and the pass screen."""
