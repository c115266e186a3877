"""Broker-Yard: a simultaneous-round stock-trading card game (../shared/rules/broker-yard.md)."""

from .game import GAME, new_game, submit, withdraw, resolve, is_over, result, standings, capital
from .view import view, legal
from .record import load_record, replay, to_record, summary

__all__ = ["GAME", "new_game", "submit", "withdraw", "resolve", "is_over", "result", "standings",
           "capital", "view", "legal", "load_record", "replay", "to_record", "summary"]
