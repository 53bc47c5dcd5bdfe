"""Posting a move through the API as a test player does."""

from __future__ import annotations


def post_move(client, game_id: int, row: str, number: int) -> int:
    """Post ``row`` as the move after ``number``; assert it is accepted; the new number."""
    moved = client.post(
        f"/api/v1/games/{game_id}/moves/",
        {"command": row, "expected_move_number": number},
        format="json",
    )
    assert moved.status_code == 201, (row, moved.content)
    return moved.json()["move_number"]
