pytest_plugins = ["tests.discord_double.fixtures", "tests.databases"]
