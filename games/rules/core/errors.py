class RuleError(Exception):
    """A command broke a rule of the game. The message names the rule, for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
