"""The channel layer of the live updates: channels_redis's, its group send in fewer round trips.

Every move tells its game's group (``web.receivers``). channels_redis's ``group_send`` first
trims the group's expired members and then reads the rest, two round trips to Redis on the web
process's event loop, before it knows whether any page is listening: most of the CPU a move's
push costs the web process (about 1 ms a move; docs/scaling.md). Here both steps go in one
script, and a group nobody listens to costs that one round trip; a group with members goes on
as channels_redis goes on (each member's expired messages trimmed, the message added by its
script).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from channels_redis.core import RedisChannelLayer

logger = logging.getLogger("channels_redis.core")

# The group's members once those older than the group's expiry are gone (channels_redis's
# ZREMRANGEBYSCORE then ZRANGE, in one step).
_MEMBERS = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[1])
return redis.call('ZRANGE', KEYS[1], 0, -1)
"""

# channels_redis's own script for a group's message (core.py, group_send): each member's
# channel gets it unless over capacity; returns how many were over.
_GROUP_SEND = """
local over_capacity = 0
local current_time = ARGV[#ARGV - 1]
local expiry = ARGV[#ARGV]
for i=1,#KEYS do
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
        redis.call('ZADD', KEYS[i], current_time, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


class ChannelLayer(RedisChannelLayer):
    """channels_redis's layer; ``group_send`` reads the group's members in one round trip."""

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        connection = self.connection(self.consistent_hash(group))
        members = await connection.eval(
            _MEMBERS, 1, self._group_key(group), int(time.time()) - self.group_expiry
        )
        if not members:
            return
        channel_names = [member.decode("utf8") for member in members]
        by_connection, messages, capacities = self._map_channel_keys_to_connection(
            channel_names, message
        )
        for index, keys in by_connection.items():
            connection = self.connection(index)
            # Each channel's expired messages, as channels_redis discards them.
            pipe = connection.pipeline()
            for key in keys:
                pipe.zremrangebyscore(key, min=0, max=int(time.time()) - int(self.expiry))
            await pipe.execute()
            args = [messages[key] for key in keys] + [capacities[key] for key in keys]
            over = await connection.eval(
                _GROUP_SEND, len(keys), *keys, *args, time.time(), self.expiry
            )
            if over > 0:
                logger.info(
                    "%s of %s channels over capacity in group %s", over, len(channel_names), group
                )
