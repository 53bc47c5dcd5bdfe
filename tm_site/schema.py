from drf_spectacular.openapi import AutoSchema as BaseAutoSchema


class AutoSchema(BaseAutoSchema):
    """Names nested ``<Api>.InputSerializer`` classes after their API, so their components differ."""

    def get_serializer_name(self, serializer, direction):
        name = super().get_serializer_name(serializer, direction)
        qualname = type(serializer).__qualname__
        if "." in qualname and not getattr(getattr(serializer, "Meta", None), "ref_name", None):
            outer, inner = qualname.rsplit(".", 1)
            name = outer.replace("Api", "") + inner.replace("Serializer", "")
        return name
