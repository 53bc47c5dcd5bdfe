import pytest
from rating_factories import UserFactory


@pytest.fixture
def users(db):
    return [UserFactory(username=name) for name in ("ann", "bob", "cid", "dee", "eve")]
