"""The tournament desk online: events, their tables, game records, judges and confirmations.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "desk_events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("director_hash", sa.String(64), nullable=False),
        sa.Column("verify", sa.String(8), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("stage", sa.String(16), nullable=False),
        sa.Column("document", sa.Text, nullable=False),
    )
    op.create_table(
        "desk_tables",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("desk_events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("invites", sa.Text, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("entered", sa.Boolean, nullable=False),
    )
    op.create_index("ix_desk_tables_entered", "desk_tables", ["entered"])
    op.create_table(
        "desk_games",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("desk_events.id"), primary_key=True),
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_table(
        "desk_judges",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("desk_events.id"), primary_key=True),
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("pin_hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "desk_confirmations",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("desk_events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("hand", sa.Integer, primary_key=True),
        sa.Column("judge", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("desk_confirmations")
    op.drop_table("desk_judges")
    op.drop_table("desk_games")
    op.drop_index("ix_desk_tables_entered", "desk_tables")
    op.drop_table("desk_tables")
    op.drop_table("desk_events")
