"""YAML read with PyYAML's SafeLoader, keeping line numbers, bounded against hostile files.

Shared by the card loader and the scenario runner. Anything a file can hold ends in a
``YamlFileError`` naming the file and, where it can, the line; never in a RecursionError,
TypeError or MemoryError:

- only regular files of at most ``MAX_FILE_BYTES`` are read (``read_yaml_file``), as UTF-8
  (a BOM or UTF-16 with a BOM is fine); a byte that is not UTF-8 is reported with its line;
- nesting deeper than ``MAX_DEPTH`` is refused while composing (PyYAML recurses per level);
- an alias ("billion laughs") is bounded: at most ``MAX_ALIASES`` per document, at most
  ``MAX_NODES`` nodes once every alias is expanded, and no alias inside its own anchor;
- a key that is a list or mapping, or a duplicate key, is refused with its line;
- a scalar that cannot be built (an integer with 5000 digits) is refused with its line.
"""

from __future__ import annotations

import codecs
from pathlib import Path

import yaml

from game.common import safe_files

MAX_FILE_BYTES = 1 << 20  # 1 MiB: the whole card set is 6 KB, a scenario a few hundred bytes
MAX_DEPTH = 40  # the deepest real structure (an effect's parameters) is 6 levels
MAX_ALIASES = 100
MAX_NODES = 100_000  # after expanding aliases; a card file has about 1,500


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


class _NodeError(Exception):
    """A problem found at a node: its line and a message (turned into a YamlFileError)."""

    def __init__(self, line: int | None, message: str):
        super().__init__(line, message)
        self.line = line
        self.message = message


def _line(node_or_mark) -> int | None:
    mark = getattr(node_or_mark, "start_mark", node_or_mark)
    return mark.line + 1 if mark is not None else None


def show(value: object, limit: int = 60) -> str:  # any YAML value
    """``repr(value)`` cut to ``limit`` characters, for messages that echo a file's value."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Loader(yaml.SafeLoader):
    """SafeLoader (a file can never run code) with depth, alias and key checks."""

    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0

    def compose_document(self):
        self._aliases = 0
        node = super().compose_document()
        _check_expansion(node)
        return node

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _NodeError(_line(self.peek_event()),
                                 f"more than {MAX_ALIASES} aliases (*name) in one document")
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _NodeError(_line(self.peek_event()),
                                 f"nested more than {MAX_DEPTH} levels deep")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep=deep)
        except (_NodeError, yaml.YAMLError):
            raise
        except (ValueError, TypeError, OverflowError) as exc:  # e.g. int('9' * 5000)
            reason = " ".join(str(exc).split())[:80]
            raise _NodeError(_line(node), f"cannot read this value ({reason})") from None


def _check_expansion(root) -> None:
    """Refuse an alias that contains itself, and a document whose aliases expand to more than
    MAX_NODES nodes (a DAG of a few hundred nodes can stand for billions)."""
    if root is None:
        return
    size: dict[int, int] = {}
    active: set[int] = set()
    # iterative post-order walk; nodes are shared through aliases, so sizes are memoized
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            active.discard(key)
            total = 1
            for child in _children(node):
                total += size[id(child)]
            if total > MAX_NODES:
                raise _NodeError(_line(node), f"aliases expand to more than {MAX_NODES} values")
            size[key] = total
            continue
        if key in size:
            continue
        if key in active:
            raise _NodeError(_line(node), "an alias refers to the structure that contains it")
        active.add(key)
        stack.append((node, True))
        for child in _children(node):
            if id(child) in active:
                raise _NodeError(_line(child), "an alias refers to the structure that contains it")
            if id(child) not in size:
                stack.append((child, False))


def _children(node) -> list:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict, set)) or not _hashable(key):
            raise _NodeError(_line(key_node), "a key must be text or a number, not a list or mapping")
        if key in out:
            raise _NodeError(_line(key_node), f"duplicate key {show(key)}")
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _hashable(value: object) -> bool:  # any YAML value
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_yaml_text(text: str, path: str, *, all_documents: bool = False):
    """Parse YAML safely; every error is a YamlFileError naming the file and line."""
    if len(text) > MAX_FILE_BYTES:
        raise YamlFileError(path, None, f"the file is too large (over {MAX_FILE_BYTES} bytes)")
    loader = _Loader(text)
    try:
        if all_documents:
            docs = []
            while loader.check_data():
                docs.append(loader.get_data())
            return docs
        return loader.get_single_data()
    except _NodeError as e:
        raise YamlFileError(path, e.line, e.message) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        raise YamlFileError(path, line, f"invalid YAML: {e.problem or e}") from None
    except yaml.YAMLError as e:
        raise YamlFileError(path, None, f"invalid YAML: {e}") from None
    except RecursionError:  # a last guard; MAX_DEPTH should make this unreachable
        raise YamlFileError(path, None, "invalid YAML: nested too deeply") from None
    finally:
        loader.dispose()


def decode_yaml_bytes(data: bytes, path: str) -> str:
    """UTF-8 text (a UTF-8 BOM or UTF-16 with a BOM accepted); a bad byte names its line."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return safe_files.decode_text(data, Path(path).name)
        except safe_files.UnreadableFile as e:
            raise YamlFileError(path, None, str(e)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise YamlFileError(path, line, f"byte 0x{data[e.start]:02x} is not UTF-8 text "
                                        "(save the file as UTF-8)") from None


def read_yaml_file(path: str | Path) -> str:
    """The text of a YAML file: a regular file of at most MAX_FILE_BYTES, decoded as above.

    Raises FileNotFoundError if it does not exist, YamlFileError for anything else.
    """
    name = str(path)
    try:
        data = safe_files.read_bytes(Path(path), MAX_FILE_BYTES)
    except safe_files.UnreadableFile as e:
        raise YamlFileError(name, None, f"cannot read: {e}") from None
    if data is None:
        raise FileNotFoundError(name)
    return decode_yaml_bytes(data, name)


def line_of(node, key=None, default: int = 0) -> int:
    """Best line for a key of a LineDict (or the node itself)."""
    if key is not None and isinstance(node, LineDict):
        try:
            return node.key_lines.get(key, node.line)
        except TypeError:  # an unhashable key cannot be in key_lines
            return node.line
    return getattr(node, "line", default) or default
