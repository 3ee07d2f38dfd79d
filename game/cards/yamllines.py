"""YAML read with PyYAML's SafeLoader, keeping line numbers and refusing duplicate keys."""

from __future__ import annotations

import yaml


class LineDict(dict):
    """A mapping that remembers its own line and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict


class LineList(list):
    line: int = 0
    item_lines: list


class YamlFileError(ValueError):
    def __init__(self, path: str, line: int | None, message: str):
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


class _DuplicateKey(Exception):
    def __init__(self, key, line: int):
        super().__init__(key, line)
        self.key = key
        self.line = line


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in out:
            raise _DuplicateKey(key, key_node.start_mark.line + 1)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_yaml_text(text: str, path: str, *, all_documents: bool = False):
    """Parse YAML safely; errors name the file and line."""
    loader = _Loader(text)  # a SafeLoader subclass: a card file can never run code
    try:
        if all_documents:
            docs = []
            while loader.check_data():
                docs.append(loader.get_data())
            return docs
        return loader.get_single_data()
    except _DuplicateKey as e:
        raise YamlFileError(path, e.line, f"duplicate key {e.key!r}") from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        raise YamlFileError(path, line, f"invalid YAML: {e.problem or e}") from None
    except yaml.YAMLError as e:
        raise YamlFileError(path, None, f"invalid YAML: {e}") from None
    finally:
        loader.dispose()


def line_of(node, key=None, default: int = 0) -> int:
    """Best line for a key of a LineDict (or the node itself)."""
    if key is not None and isinstance(node, LineDict):
        return node.key_lines.get(key, node.line)
    return getattr(node, "line", default) or default
