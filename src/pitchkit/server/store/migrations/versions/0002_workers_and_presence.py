"""Workers and presence: several server processes sharing one database.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "workers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("heartbeat", sa.Float, nullable=False),
    )
    op.create_table(
        "presence",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("worker", sa.String(32), primary_key=True),
        sa.Column("connections", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("presence")
    op.drop_table("workers")
